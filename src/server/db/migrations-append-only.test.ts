import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "./migrate.ts";

/**
 * Every landed migration and the sha256 of its file. drizzle never re-runs a migration it applied,
 * so an edit after landing reaches only new databases (0007 was edited four times; 0010 repairs it):
 * a change goes into a new migration instead. The lead appends each migration here when it lands.
 */
const LANDED: Record<string, string> = {
  "0000_init.sql": "9c24949158a3952431ebf17a6d0e2ee9bddbb2e8025d9cbcf5319bd47f918c2a",
  "0001_rls.sql": "219f6b7d107bb193f3470f3b4f6591e6c6d32674ead0848d4e9409204197a6f8",
  "0002_audit_platform_filters.sql": "185f77a66af26b5c543898e676592c0e9bcb811f0231d7358d8e997cfe7a0fc4",
  "0003_audit_search.sql": "fe53a087ceb6c5a41fda86889c406f303ef80c7affb128f3ae71f406353cf07c",
  "0004_audit_search_narrow_word.sql": "7f96e992b79a43d4bfa522388052fe80f0d18cb99b8c0700faf3cfc4ec33e6b2",
  "0005_audit_search_many_authors.sql": "25f9f19694c0d419fa2d4999e183aa67aaba71f58d7ce7f05fcbffc2be5bbe66",
  "0006_housekeeping_indexes.sql": "78207672bca34efad0b27e2d96cdbf1799a3cdc5ab738278969b178b61daa57c",
  "0007_session_state.sql": "b2de2269467f1b8556396481ec3868f20e6e6ebd165fc349514de688cdb22a69",
  "0008_profiles_role.sql": "e7be0edf32d791d90952b4d465e4a12c6112529c4b37de2b9031009af9db59bb",
  "0009_shared_model.sql": "d3d2c6e67f3f4385b8180a1a90f16ac820460a5b3d2dbb2f51cd5f21be1ff30c",
  "0010_session_state_fix.sql": "ad3083c44ed9a582e8d6e3b8974f06859dcc1527e57212bf3611cd56739c95e1",
  "0011_identity.sql": "0574b51d0c5adbe07d67313b1e50b95aeacf1bb1dea987e1b166274c6bd12244",
  "0012_platform.sql": "7922a8fb01803114ff637083e45e1d85f43b320089d0d2fa2b362f1591a5f4ef",
  "0013_crm.sql": "9278b8fed24c5be844dadbb76f5d4630866b1a3569b8f61078824432e06aaa2f",
  "0014_delivery.sql": "3ca3d2307d1ab1ad7ba76cc74b7f18f14d9b0347f4ebc870a7a1c980f6740c28",
  "0015_finance.sql": "7c7c7fa469bcbafca6f41868b64e0f8b793ff3f3b18fdeee51542c56714038d6",
  "0016_first_hour.sql": "3ac6c3c724ebf39946a95af8d7719a331bab948cfa661a4f071f72eae90169f7",
  "0018_time_entry_invoice_link.sql": "7faa5de83cf23da976e3f5c3a4cad2a45fc65271ee889b06be0fdb9dd748c62f",
  "0019_identity_sessions_and_email.sql": "fa80f693ee94b81d1c35600061b2b534a5a32e728ee87b7e38b2b5ce14a500e3",
  "0020_crm_search_text_qualified.sql": "e28d550e764444fadebc7bbf940f8ddcc77804111a04b73b61713e8646c504bb",
  "0021_finance_indexes.sql": "63531b52fd1c2f339193fb076e4015e7aa3602010e14c01be72e1e5566471dc5",
  "0022_recurring_expenses.sql": "0c08c7215fd29453194db4fe607b00f6a62fb632cfe37338d45d4737e4f46f6b",
  "0023_member_lockout.sql": "5c6bcafe148834a46d20ceaf87351250d8b6ecfa0665a6cc58b1e5391e09082b",
  "0025_crm_purge_indexes.sql": "a51e0f367a5ad69229f362ddb4ae011438df50dd36d35767242f8626393e2baa",
  "0026_delivery_deal_link_and_indexes.sql": "e660911ad3bdab41b12b975881cec29ef8fa2fc00498bb920598d723e96aa161",
  "0027_api_keys_and_webhooks.sql": "bcb17edbed30bfc5e77026f29f93b90ad44b4c38395768437db2378f354080e7",
  "0028_notification_email_preferences.sql": "cc8ecba1a7f43a99048de924caed2a38a71b5045bcb6358b3d8e4a23d30006d4",
  "0029_task_search_index.sql": "2fb6f9307f3c3a1b4b7ceff4aeee8b55fbb37257eccbb3db0e7d01985135a80f",
  "0030_crm_fields_and_search.sql": "06af637a030954038cd9cdebdb546acae369e985edc3733f10c3b5c8bb27a7f2",
  "0031_task_board_cover_indexes.sql": "646fb5b7b405f24a358b654a4e75af1488a713ff9d6cdfa184506f6c4076d370",
  "0032_crm_search_page.sql": "c35ab98a0406523432ef0656a80b20241ac70afd3f1b3db69a87a94ba6d924fe",
  "0033_project_quote_client_search_index.sql": "2ddeaf56a0e190c82b10f3f057699762a5a81dbdedcdf1ed2f507a5249e6bc84",
  "0034_task_paging_indexes.sql": "4f78334b426c71f443beaaa2fde6f179483cabc8c50185977b01335af0b5ca6f",
  "0035_scope_functions_plpgsql.sql": "6058340b63e0559bdeb5ff822ec158409d3c650403999be64dcd02d2a62d5b07",
  "0036_crm_import_duplicates.sql": "b14253e669e6f28793f5f23d6312426f83a503fc59ddc72d8033608006c5d621",
  "0037_member_sign_in_states.sql": "a1b3e80d927d730a42683da7e2f646f7185c4834e1ec9027c88f8e5e98240bb1",
  "0038_company_folded_name.sql": "be904c8df24d64a998f56b70a399a8cde39efb75b045e39f48215f873341bd76",
  "0039_deal_board_totals_index.sql": "7ab41bebced7627c7601fdab6871c45c238a8cae9bf8d1718da6d12e3cef4463",
  "0040_finance_search_in_one_statement.sql": "66adf6b91a3c76b2140a2f3b94f0ab414878c0d7f990cae5f56b039b98c15a4a",
  "0041_tenant_write_session_proof.sql": "470c95c19daa8659a174f443304bf5e63b77dde10f3289344a5f47db747c1f44",
  "0042_leads_board_statistics.sql": "999caf2649efee6ac9e45afef915e075a0f3a681025bd1c1122dbe9830128371",
  "0043_profile_sign_in_state.sql": "ac4b6bfc50afed32c11d23c3de93317f713b3c5ccee91f952f966606ee6888ca",
  "0044_audit_search_pending_list.sql": "56c9f10a769aac04db0ee57bd99b851bdefcfb12dbdaaedd90d8dda846d482a9",
  "0045_audit_search_stored_text.sql": "5e739d64727ca41843d23a026aac95b1e9835df0aa3c034d8845ec28a16e3421",
  "0046_dashboard_card_indexes.sql": "937d26d5ad2ee1bdcc39082511d63b6707b1b388ba2818df0231f2e9ea8dfe71",
  "0047_board_cards_by_outcome.sql": "c48034770931630ddaa0214d8d56d55195b569f30b55575adff503be82a90fa7",
  "0048_crm_duplicates_phones_filters.sql": "71158d63a67d3db39c9c8709ebc5b9e288356bf16ec4b4b9726609c4f3c49b6b",
  "0049_schedule_iss.sql": "91d741323b5cf344d2d397c2f8e8199e954cf57c678db57539f6524ef4ee593b",
  "0050_invoice_list_by_number.sql": "a359bed6763a194350d41ff7d0fa327b5925e253db0eeed7aff158ddf44402d1",
  "0051_payment_reversal_expense_deletion.sql": "0098e7317ea1c9ee9744ec2fefb6622dad87da3338fdb8d48ebae6cf75350bce",
  "0052_delivery_qa_one_project_per_deal_task_version.sql":
    "cde682fc8486a5ccf09d3c7435f8c47c15ff9b6cb41cdce9d6add3f2ae1b372f",
  "0053_api_key_within_creator_at_use.sql": "670ba3a651638295315a1e01f11268a14fee181c949a0fc93162dfcbe86e9286",
  "0054_alphanumeric_cnpj_search.sql": "93c6431443443de6526d40c84a17b7e5747fa3ad56f8f43489229d8c7784c376",
  "0055_agency_backups.sql": "832effc953096368cb77677f34d19f9baed9f2f87f6901eda1a114e7fa1fb7d3",
  "0056_member_json_fields.sql": "ca4f1def7f96fa204ff9ad61a0d82b74dac53cfd38c87b27ad25f111409b179e",
  "0057_drop_unused_lead_indexes.sql": "745ecaf40413f950c6371af93c9a8610e5f1f3773c616aba0730f70d411cf5ad",
  "0058_lead_search_text_on_change.sql": "65f9177bae03fab41607ff65aa605109520592d8d9d748f1b56fd27b6cd972fa",
};

const sha256 = (file: string) =>
  createHash("sha256")
    .update(readFileSync(path.join(MIGRATIONS_FOLDER, file)))
    .digest("hex");

type JournalEntry = { idx: number; when: number; tag: string };
const journal = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: JournalEntry[] }
).entries;

describe("migrations are append-only", () => {
  it.each(Object.entries(LANDED))("%s is unchanged since it landed", (file, hash) => {
    expect(sha256(file), `${file} changed after landing: write a new migration instead`).toBe(hash);
  });

  it("every landed migration is still in the journal, in order, ahead of every newer one", () => {
    const tags = journal.map((entry) => `${entry.tag}.sql`);
    expect(tags.slice(0, Object.keys(LANDED).length)).toEqual(Object.keys(LANDED));
  });

  it("the journal's entries are ordered by `when` (drizzle applies only those newer than the last applied)", () => {
    const whens = journal.map((entry) => entry.when);
    expect(whens).toEqual([...whens].sort((a, b) => a - b));
  });

  it("every SQL file has a journal entry and every entry a file", () => {
    const files = readdirSync(MIGRATIONS_FOLDER)
      .filter((file) => file.endsWith(".sql"))
      .sort();
    expect(journal.map((entry) => `${entry.tag}.sql`).sort()).toEqual(files);
  });
});
