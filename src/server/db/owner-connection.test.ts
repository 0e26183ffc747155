import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The owner connection (`database.owner`) bypasses row-level security: only these files may
 * reach for it, each for a reason outside tenant data. A feature that needs tenant rows uses
 * `tenant((tx) => ...)` or `tenantRows`; adding a file here is a decision to review.
 */
const ALLOWED: Record<string, string> = {
  "src/server/bootstrap.ts": "migrations, permission seed, RLS guard; auth, mailer and session store are built on it",
  "src/server/db/migrate.ts": "migrations",
  "src/server/maintenance/prune-expired-rows-job.ts": "prunes expired rows of every agency (a platform job)",
  "src/server/jobs/embedded-queue.ts": "the PGlite job queue's own table (platform, every agency)",
  "src/server/jobs/recurring-jobs.ts": "schedules platform jobs",
  "src/server/mail/deliver-email-job.ts": "the e-mail outbox (not tenant data)",
  "src/server/notifications/notification-email-job.ts":
    "e-mails notifications of every agency by their recipients' choice (a platform job; each row by its id)",
  "src/server/features/email-outbox/routes.ts": "the e-mail outbox (not tenant data), for the super admin",
  "src/server/features/password-reset/request-password-reset.ts": "identity tables, before sign-in",
  "src/server/features/password-reset/reset-password.ts": "identity tables, before sign-in",
  "src/server/features/email-verification/send-verification-email.ts": "identity tables (verification links)",
  "src/server/features/email-verification/confirm-email-verification.ts":
    "identity tables: the link's holder may be signed out",
  "src/server/features/sign-in/verify-invited-sign-up.ts": "identity tables, right after sign-up",
  "src/server/features/two-factor/challenge-user.ts": "identity tables, during sign-in",
  "src/server/features/two-factor/refuse-reused-code.ts": "identity tables (two-factor codes)",
  "src/server/features/two-factor/require-fresh-enrolment.ts": "identity tables (two-factor enrolment)",
  "src/server/features/admin-setup/create-super-admin.ts": "identity tables, before any agency exists",
  "src/server/features/admin-setup/routes.ts": "whether a super admin exists (public, before sign-in)",
  "src/server/features/admin-users/delete-user.ts": "identity tables",
  "src/server/features/agencies/routes.ts": "platform summary: user counts (identity table)",
  "src/server/features/invite-acceptance/accept-invite.ts": "the invitee has no session or agency context yet",
  "src/server/features/invite-acceptance/routes.ts": "an invite looked up by its token, before sign-in",
  "src/server/features/security-admin/routes.ts": "sign-in locks and failures (identity tables)",
  "src/server/features/security-admin/unlock-account.ts": "sign-in locks (identity table)",
  "src/server/features/sign-in/audit-auth-event.ts": "audits a sign-in before any session exists",
  "src/server/features/sign-in/audit-sign-out.ts": "the session being ended (identity table)",
  "src/server/features/sign-in/guard-sign-in.ts": "lockout counters (identity tables)",
  "src/server/features/two-factor/audit-two-factor-changes.ts": "identity tables",
  "src/server/features/sessions/require-recent-authentication.ts": "the session's last password check (identity table)",
  "src/server/features/sessions/routes.ts": "one's own sessions and password (identity tables)",
  "src/server/features/admin-users/routes.ts": "the super admin's search of users across agencies (platform)",
  "src/server/features/invite-acceptance/preview-invite.ts": "an invite looked up by its token, before sign-in",
  "src/server/main.ts": "whether a super admin exists, for the start log",
  "src/server/features/finance/routes.ts": "the client's public quote link: looked up by its token, without an account",
  "src/server/features/finance/recurring-expenses-job.ts":
    "recurring expenses of every agency (a platform job; agency explicit in every write)",
  "src/server/features/finance/recurring-invoices-job.ts":
    "retainer invoices of every agency (a platform job; agency explicit in every write)",
  "src/server/features/finance/overdue-reminders-job.ts":
    "reminders of overdue invoices of every agency (a platform job; agency explicit in every write)",
  "src/server/features/crm/purge-deleted-records-job.ts":
    "CRM records of every agency past their 30-day undo (a platform job; agency explicit in every write)",
  "src/server/features/auto-backups/schedule-auto-backups-job.ts":
    "which agencies' automatic backups are due, and their queued jobs (a platform job over every agency)",
  "src/server/features/auto-backups/write-auto-backup-job.ts":
    "whether one agency's automatic backup is still due (a platform job; the backup itself is read with RLS on)",
  "src/server/features/two-factor/refuse-disable-when-required.ts":
    "the agency's 2FA rule, read for better-auth's hook",
};

/** `database.owner`, `deps.database.owner`, or `owner` destructured from a database. */
const USES_OWNER = /\.owner\b|\{[^}]*\bowner\b[^}]*\}\s*=\s*[\w.]*database\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("the owner connection", () => {
  it("is used only by the files allowed to (src/server/)", () => {
    const users = sourceFiles("src/server")
      .filter((file) => USES_OWNER.test(readFileSync(file, "utf8")))
      .map((file) => file.split(path.sep).join("/"))
      .sort();
    expect(users).toEqual(Object.keys(ALLOWED).sort());
  });

  it("the check sees each way of reaching it", () => {
    for (const text of ["deps.database.owner.select()", "const { owner } = deps.database;", "database.owner"]) {
      expect(USES_OWNER.test(text), text).toBe(true);
    }
    expect(USES_OWNER.test("tenant((tx) => tx.select())")).toBe(false);
  });
});
