// `npm run lint` runs this (issue 39): the screens listed below read every text a person sees from the
// catalogues in src/domain/i18n. It fails on a literal text in their JSX: words between tags, or in an
// attribute people read (label, title, aria-label…). The list grows as screens move to the catalogues;
// screens not listed are not translated yet (say so in the note that lists them).
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export const TRANSLATED_SCREENS = [
  "src/web/app/layouts/public-layout.tsx",
  "src/web/app/layouts/area-layout.tsx",
  "src/web/app/layouts/app-layout.tsx",
  "src/web/app/layouts/admin-layout.tsx",
  "src/web/app/routes/public/home.tsx",
  "src/web/app/routes/auth/pages.tsx",
  "src/web/app/routes/app/dashboard.tsx",
  "src/web/components/language-switch.tsx",
  "src/web/components/side-sheet.tsx",
  "src/web/components/menu-button.tsx",
  "src/web/components/theme-toggle.tsx",
  "src/web/features/auth/components/auth-card.tsx",
  "src/web/features/auth/components/login-form.tsx",
  "src/web/features/auth/components/register-form.tsx",
  "src/web/features/dashboard/components/onboarding-checklist.tsx",
  "src/web/features/dashboard/components/stat-card.tsx",
  "src/web/features/marketing/components/plan-card.tsx",
  "src/web/features/settings/components/language-card.tsx",
  "src/web/features/subscriptions/components/paywall-notice.tsx",
  "src/web/app/routes/app/releases.tsx",
  "src/web/features/releases/components/release-card.tsx",
  "src/web/app/routes/app/subscription.tsx",
  "src/web/app/routes/app/settings.tsx",
  "src/web/features/settings/components/profile-tab.tsx",
  "src/web/components/spinner.tsx",
  "src/web/components/ui/confirm-dialog.tsx",
  "src/web/components/ui/data-table.tsx",
  "src/web/components/ui/dialog.tsx",
  "src/web/components/ui/pagination.tsx",
  "src/web/components/ui/toast.tsx",
  "src/web/app/routes/public/pricing.tsx",
  "src/web/app/routes/public/features.tsx",
  "src/web/features/marketing/components/page-hero.tsx",
  "src/web/features/releases/components/release-form.tsx",
  "src/web/features/releases/components/file-field.tsx",
  "src/web/features/releases/components/lyrics-fields.tsx",
  "src/web/components/latin-field.tsx",
  "src/web/features/royalties/components/payee-details-card.tsx",
  "src/web/features/subscriptions/components/checkout-dialog.tsx",
  "src/web/features/subscriptions/components/gst-lines.tsx",
  "src/web/features/releases/components/release-search.tsx",
  "src/web/features/notifications/components/notification-bell.tsx",
  "src/web/features/workspaces/components/workspace-switcher.tsx",
  "src/web/app/routes/app/release-detail.tsx",
  "src/web/features/releases/components/public-page-card.tsx",
  "src/web/features/releases/components/release-history.tsx",
  "src/web/app/routes/app/royalties.tsx",
  "src/web/app/routes/app/support.tsx",
  "src/web/features/tickets/components/ticket-list.tsx",
  "src/web/features/tickets/components/ticket-form.tsx",
  "src/web/features/marketing/components/faq-list.tsx",
  "src/web/app/routes/public/contact.tsx",
  "src/web/app/routes/public/support.tsx",
  "src/web/app/routes/app/analytics.tsx",
  "src/web/features/royalties/components/splits-card.tsx",
  "src/web/features/settings/components/security-tab.tsx",
  "src/web/features/settings/components/notifications-tab.tsx",
  "src/web/features/workspaces/components/team-tab.tsx",
  "src/web/features/workspaces/components/artist-scope-dialog.tsx",
  "src/web/features/royalties/components/statement-card.tsx",
  "src/web/features/royalties/components/password-again.tsx",
  "src/web/features/auth/components/reset-password-form.tsx",
  "src/web/features/auth/components/forgot-password-form.tsx",
  "src/web/features/auth/components/second-factor-form.tsx",
  "src/web/components/logo.tsx",
  "src/web/features/releases/components/quality-report.tsx",
  "src/web/features/releases/components/store-verdicts.tsx",
  "src/web/features/releases/components/store-timeline.tsx",
  "src/web/features/dashboard/components/streams-chart.tsx",
  "src/web/features/provenance/components/provenance-card.tsx",
  "src/web/features/releases/components/release-media.tsx",
  "src/web/features/releases/components/edit-release-dialog.tsx",
  "src/web/features/releases/components/dispute-code-dialog.tsx",
  "src/web/features/subscriptions/components/billing-dialog.tsx",
  "src/web/app/routes/app/artists.tsx",
  "src/web/features/artists/components/artist-form.tsx",
  "src/web/app/routes/app/catalogue-import.tsx",
  "src/web/features/catalogue-import/components/catalogue-upload-form.tsx",
  "src/web/features/catalogue-import/components/import-lines-table.tsx",
  "src/web/features/catalogue-import/components/import-progress.tsx",
  "src/web/app/routes/app/join.tsx",
  "src/web/app/routes/app/invite.tsx",
  "src/web/app/routes/app/audit.tsx",
  "src/web/app/routes/app/cases.tsx",
  "src/web/features/cases/components/case-overview.tsx",
  "src/web/features/cases/components/case-evidence.tsx",
  "src/web/features/cases/components/case-thread.tsx",
  "src/web/features/cases/components/warnings-table.tsx",
  "src/web/features/cases/components/cases-table.tsx",
  "src/web/app/routes/app/test-checkout.tsx",
  "src/web/features/developers/components/webhooks-section.tsx",
  "src/web/features/developers/components/secret-dialog.tsx",
  "src/web/features/developers/components/developers-tab.tsx",
  "src/web/app/routes/public/artist-services.tsx",
  "src/web/app/routes/public/production.tsx",
  "src/web/app/routes/app/test-checkout.tsx",
  "src/web/app/routes/admin/dashboard.tsx",
  "src/web/app/layouts/admin-header-extras.tsx",
  "src/web/app/routes/admin/workspaces.tsx",
  "src/web/app/routes/admin/users.tsx",
  "src/web/app/routes/admin/releases.tsx",
  "src/web/features/releases/components/release-review.tsx",
  "src/web/features/releases/components/reject-dialog.tsx",
  "src/web/features/releases/components/edit-metadata-dialog.tsx",
  "src/web/features/releases/components/store-link-form.tsx",
  "src/web/app/routes/admin/tickets.tsx",
  "src/web/features/tickets/components/assign-ticket-dialog.tsx",
  "src/web/features/tickets/components/ticket-thread.tsx",
  "src/web/app/routes/admin/deliveries.tsx",
  "src/web/app/routes/admin/payouts.tsx",
  "src/web/features/royalties/components/approve-payouts-dialog.tsx",
  "src/web/features/royalties/components/complete-payout-dialog.tsx",
  "src/web/app/routes/admin/subscriptions.tsx",
  "src/web/features/subscriptions/components/admin-payments.tsx",
  "src/web/features/subscriptions/components/create-subscription-dialog.tsx",
  "src/web/features/users/components/edit-user-panel.tsx",
  "src/web/features/users/components/add-user-dialog.tsx",
  "src/web/features/tickets/components/ticket-thread-dialog.tsx",
  "src/web/features/tickets/components/admin-ticket-thread-dialog.tsx",
  "src/web/app/routes/admin/reports.tsx",
  "src/web/features/reports/components/report-errors-dialog.tsx",
  "src/web/app/routes/admin/cases.tsx",
  "src/web/features/cases/components/decision-form.tsx",
  "src/web/features/cases/components/notice-file-form.tsx",
  "src/web/features/cases/components/notice-form.tsx",
  "src/web/features/royalties/components/royalty-check.tsx",
  "src/web/features/releases/components/manual-upload-dialog.tsx",
  "src/web/app/routes/public/api-reference.tsx",
  "src/web/features/api-docs/components/operation-card.tsx",
  "src/web/features/api-docs/components/code-block.tsx",
];

/** Attributes a person reads or hears. */
const READ_ATTRIBUTES = new Set([
  "label",
  "title",
  "subtitle",
  "description",
  "placeholder",
  "alt",
  "aria-label",
  "cta",
  "navLabel",
  "hint",
  "replyLabel",
]);
/** Object properties a person reads: a data table's column headers and empty text, an option's label… */
const READ_PROPERTIES = new Set(["header", "emptyText", "label", "title", "description", "hint"]);
/** Calls whose text argument a person reads. */
const READ_CALLS = /^(usePageMeta|toast(\.\w+)?|confirm|alert|set\w*(Error|Missing|Notice))$/;
const WORDS = /[A-Za-z\u0900-\u0DFF]{2,}/;
/** The catalogues' keys (a value that names a message is not a text) and kebab-case ids. */
const KEYS = new Set(
  fs
    .readdirSync(path.resolve(import.meta.dirname, "../src/domain/i18n/catalogues/en"))
    .flatMap((file) =>
      Object.keys(
        JSON.parse(
          fs.readFileSync(path.resolve(import.meta.dirname, "../src/domain/i18n/catalogues/en", file), "utf8"),
        ),
      ),
    ),
);
/** Names that stay in Latin letters in every language (the glossary): the logo's, stores', apps'. */
const NAMES = new Set([
  "Kalrav",
  "Spotify",
  "Apple Music",
  "YouTube",
  "JioSaavn",
  "WhatsApp",
  "Instagram",
  "Standard Webhooks",
  "TypeScript",
  "curl",
]);
/** Codes (ISRC, UPC), names and example addresses read the same in every language. */
const isText = (text: string) =>
  WORDS.test(text) &&
  !NAMES.has(text.trim()) &&
  !/^https?:\/\/\S*$/.test(text) &&
  // An address's path ("/api"), as the API writes it.
  !/^\/[\w/{}.-]*$/.test(text) &&
  !KEYS.has(text) &&
  !/^[a-z0-9]+(-[a-z0-9]+)+$/.test(text) &&
  !/^[A-Z0-9]{2,6}$/.test(text);

/** The string literals an expression shows as it is: itself, a conditional's branches, `&&`'s right side. */
function shownStrings(expression: ts.Expression): string[] {
  if (ts.isStringLiteralLike(expression)) return [expression.text];
  // `Suspend ${name}?`: the words around the values.
  if (ts.isTemplateExpression(expression))
    return [expression.head.text, ...expression.templateSpans.map((span) => span.literal.text)].filter((part) =>
      /[A-Za-z]{3,}/.test(part),
    );
  if (ts.isParenthesizedExpression(expression)) return shownStrings(expression.expression);
  if (ts.isConditionalExpression(expression))
    return [...shownStrings(expression.whenTrue), ...shownStrings(expression.whenFalse)];
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
    return shownStrings(expression.right);
  return [];
}

export function literalTexts(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => {
    const { line } = tree.getLineAndCharacterOfPosition(node.getStart());
    return `${file}:${line + 1}`;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isText(node.text)) found.push(`${where(node)}: "${node.text.trim()}"`);
    // {"text"}, {busy ? "Saving..." : "Save"}, {open && "text"} between tags.
    if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent)) {
      for (const text of shownStrings(node.expression)) if (isText(text)) found.push(`${where(node)}: {"${text}"}`);
    }
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText())) {
      const value = node.initializer;
      const texts =
        value && ts.isStringLiteral(value)
          ? [value.text]
          : value && ts.isJsxExpression(value) && value.expression
            ? shownStrings(value.expression)
            : [];
      for (const text of texts) if (isText(text)) found.push(`${where(node)}: ${node.name.getText()}="${text}"`);
    }
    if (ts.isPropertyAssignment(node) && READ_PROPERTIES.has(node.name.getText()))
      for (const text of shownStrings(node.initializer))
        if (isText(text)) found.push(`${where(node)}: ${node.name.getText()}: "${text}"`);
    if (ts.isCallExpression(node) && READ_CALLS.test(node.expression.getText())) {
      const first = node.arguments[0];
      for (const text of first ? shownStrings(first) : [])
        if (isText(text)) found.push(`${where(node)}: ${node.expression.getText()}("${text}")`);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, "..");
  const problems = TRANSLATED_SCREENS.flatMap((file) =>
    literalTexts(file, fs.readFileSync(path.join(root, file), "utf8")),
  );
  if (problems.length) {
    for (const p of problems) console.error(`text outside the catalogues: ${p}`);
    process.exit(1);
  }
  console.log(`Catalogues: ${TRANSLATED_SCREENS.length} translated screens read every text from them.`);
}
