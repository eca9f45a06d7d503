// The workspaces module's entry point (issue 35): workspaces, members, invitations, the audit log.
export { workspacesRouter } from "./workspaces.routes";
