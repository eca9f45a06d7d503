// The support module's entry point: other modules and the composition root import only this.
export { adminTicketsRouter } from "./admin-tickets.routes";
export { contactRouter } from "./contact.routes";
export { ticketsRouter } from "./tickets.routes";
