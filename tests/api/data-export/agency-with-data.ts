import { slugify } from "#domain/slug.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { seedCrmDemo } from "#tests/factories/crm-demo.ts";
import { seedDeliveryDemo } from "#tests/factories/delivery-demo.ts";
import { seedFinanceDemo } from "#tests/factories/finance-demo.ts";
import { createUser } from "#tests/factories/users.ts";
import type { TestApp } from "#tests/support/test-app.ts";

const MEMBER_ROLES = ["agency_manager", "project_manager", "team_designer", "sales_closer"] as const;

/**
 * An agency with members and the demo's CRM (companies, contacts, deals, timeline), delivery
 * (projects, tasks, assignees, time, meetings) and finance (quotes, invoices, payments, expenses):
 * rows in most tables that hold agency data, for the backup to hold or leave out.
 */
export async function createAgencyWithData(t: TestApp, name: string, now: Date) {
  const agency = await createAgency(t.database.owner, { name });
  const domain = `${slugify(name)}.com.br`;
  const members = [];
  for (const role of MEMBER_ROLES) {
    members.push(
      await createUser(t.deps.auth, t.database.owner, { email: `${role}@${domain}`, role, agencyId: agency.id }),
    );
  }
  await seedCrmDemo(t.database.owner, agency.id, now);
  await seedDeliveryDemo(t.database.owner, agency.id, now);
  await seedFinanceDemo(t.database.owner, agency.id, now);
  return { agency, members };
}
