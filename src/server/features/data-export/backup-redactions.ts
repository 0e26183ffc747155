/**
 * Columns left out of every backup, as `table.column`, each with why: a backup file is often kept
 * where the application's own secrets are not, and must not let whoever holds it act as a member,
 * sign an agency's webhooks or answer its client's quote. Tables that are nothing but a credential
 * are left out whole (EXCLUDED_TABLES in backup-coverage.ts). The columns are left out in the SQL
 * (read-backup-tables.ts), so a secret never reaches the server's memory either.
 */
export const REDACTED_COLUMNS: Record<string, string> = {
  "agency_invites.token": "the invite link's token: whoever holds it joins the agency",
  "api_keys.key_hash": "the API key's hash: an offline guess of the key could be checked against it",
  "webhooks.secret": "the webhook signing secret: whoever holds it signs requests as the agency",
  "quotes.public_token": "the client's quote link: whoever holds it reads, accepts or declines the quote",
};

/**
 * Columns whose names look like a secret (SECRET_LIKE_COLUMN) and are not one, each with why they
 * stay in the backup. backup-coverage.test.ts fails on a secret-like column in neither list.
 */
export const SECRET_LOOKALIKES: Record<string, string> = {
  "agencies.zip_code": "a postal code",
  "agency_settings.setting_key": "the setting's name",
  "agency_backups.storage_key":
    "where an automatic backup's file is stored; downloading it still takes a member allowed to",
  "api_keys.key_prefix": "the key's first characters, shown in the key list (and the audit log) to tell keys apart",
  "attachments.storage_key": "where the file is stored; downloading it still takes a session allowed to see the record",
  "expenses.period_key": "which recurrence period generated the expense",
  "invoices.period_key": "which retainer period generated the invoice",
  "finance_settings.pix_key": "the agency's Pix key for receiving, printed on every invoice",
  "finance_settings.pix_key_type": "the kind of Pix key (CPF, CNPJ, e-mail…)",
  "quotes.token_expires_at": "when the quote link expires: a date, not the token",
};

/** A column name that may hold a secret: tokens, secrets, hashes, passwords, key material, codes. */
export const SECRET_LIKE_COLUMN =
  /token|secret|hash|passw|key|code|digest|salt|credential|signature|otp|cipher|private/i;

/** The columns of `table` a backup holds: all of them but the redacted ones. */
export const backedUpColumns = (table: string, columns: string[]): string[] =>
  columns.filter((column) => !Object.hasOwn(REDACTED_COLUMNS, `${table}.${column}`));
