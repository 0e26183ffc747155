import { eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "#server/db/client.ts";
import {
  meetingAttendees,
  meetings,
  projectTemplates,
  taskComments,
  taskDependencies,
  timeEntries,
  userHourlyRates,
} from "#server/db/schema.ts";
import { createProject, createTask } from "./crm.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;

type Member = { id: string; email: string };

/**
 * Delivery demo of an agency (issue 17 §7): projects in every status, tasks with assignees
 * among its members, a month of time entries (older weeks approved), meetings this week, a
 * template, rates, a dependency and a comment. Runs once per agency (time entries mark it done).
 */
export async function seedDeliveryDemo(db: Db, agencyId: string, now: Date, options: { wonDeal?: boolean } = {}) {
  const [done] = await db
    .select({ id: timeEntries.id })
    .from(timeEntries)
    .where(eq(timeEntries.agencyId, agencyId))
    .limit(1);
  if (done) return;
  const members = await queryRows<Member & { role: string }>(
    db,
    sql`SELECT id, email, role FROM profiles WHERE agency_id = ${agencyId} ORDER BY created_at, id`,
  );
  if (members.length === 0) return;
  const team = members.filter((m) => m.role.startsWith("team_") || m.role === "project_manager");
  const crew = team.length ? team : members.slice(0, 1);
  const manager = members.find((m) => m.role === "project_manager") ?? members[0];
  await linkClientCompanies(db, agencyId);
  if (options.wonDeal) {
    // A deal in "fechados" waiting to be marked won, then to become a project ("De um negócio
    // ganho" on Visão geral): the delivery e2e walks that path.
    await db.execute(sql`INSERT INTO leads (agency_id, name, email, company, source, status, stage, score, estimated_value,
                                            value_cents, owner_id)
      VALUES (${agencyId}, 'Portal de reservas', 'contato@ventonorte.com.br', 'Vento Norte Turismo', 'Indicação', 'qualified',
              'fechados', 30, 15800.00, 1580000, ${manager.id})`);
  }
  const companies = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM companies WHERE agency_id = ${agencyId} AND deleted_at IS NULL ORDER BY created_at, id LIMIT 2`,
  );
  for (const [name, status] of [
    ["Manutenção do e-commerce", "pausado"],
    ["Campanha de Páscoa (cancelada)", "cancelado"],
  ] as const) {
    await createProject(db, {
      agencyId,
      name,
      status,
      companyId: companies[0]?.id ?? null,
      ownerId: manager.id,
      startDate: new Date(now.getTime() - 45 * DAY),
    });
  }
  const projects = await queryRows<{ id: string; status: string }>(
    db,
    sql`SELECT id, status FROM projects WHERE agency_id = ${agencyId} AND deleted_at IS NULL ORDER BY created_at, id`,
  );
  const active = projects.filter((p) => p.status === "em_andamento");
  await db.execute(sql`UPDATE projects SET budget_hours = 80, company_id = coalesce(company_id, ${companies[0]?.id ?? null})
    WHERE agency_id = ${agencyId} AND status = 'em_andamento'`);
  for (const project of projects) {
    await db.execute(sql`INSERT INTO project_members (agency_id, project_id, user_id)
      SELECT ${agencyId}, ${project.id}, id FROM profiles WHERE id IN (${sql.join(
        crew.map((m) => sql`${m.id}::uuid`),
        sql`, `,
      )}) ON CONFLICT DO NOTHING`);
  }
  const extraTasks = [
    { title: "Revisar textos da landing page", priority: "baixa", status: "pending", dueInDays: 12 },
    {
      title: "Publicar posts da semana",
      priority: "baixa",
      status: "in_progress",
      dueInDays: 14,
      recurrence: "weekly",
    },
    { title: "Entrega do relatório mensal", priority: "baixa", status: "pending", dueInDays: 20, milestone: true },
  ] as const;
  const created = [];
  for (const [i, task] of extraTasks.entries()) {
    created.push(
      await createTask(db, {
        agencyId,
        projectId: (active[i % Math.max(1, active.length)] ?? projects[0]).id,
        title: task.title,
        priority: task.priority,
        status: task.status,
        dueDate: new Date(now.getTime() + task.dueInDays * DAY),
        assigneeId: crew[i % crew.length].id,
        recurrence: "recurrence" in task ? task.recurrence : null,
        milestone: "milestone" in task ? task.milestone : false,
        position: `a${i + 1}`,
      }),
    );
  }
  if (created.length >= 2 && created[0].projectId === created[1].projectId) {
    await db.insert(taskDependencies).values({ agencyId, taskId: created[1].id, dependsOnId: created[0].id });
  } else if (created.length >= 1) {
    const [sibling] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM tasks WHERE agency_id = ${agencyId} AND project_id = ${created[0].projectId} AND id <> ${created[0].id} LIMIT 1`,
    );
    if (sibling) await db.insert(taskDependencies).values({ agencyId, taskId: created[0].id, dependsOnId: sibling.id });
  }
  await db.insert(taskComments).values({
    agencyId,
    taskId: created[0].id,
    authorId: manager.id,
    body: "Podemos fechar isso até sexta?",
    mentions: [crew[0].id],
  });
  await db
    .insert(userHourlyRates)
    .values(crew.map((m, i) => ({ agencyId, userId: m.id, rateCents: 9000 + i * 1500 })))
    .onConflictDoNothing();
  await seedMonthOfTime(db, agencyId, crew, active.length ? active : projects.slice(0, 1), manager.id, now);
  await seedMeetingsThisWeek(db, agencyId, crew, manager.id, active[0]?.id ?? null, now);
  await db.insert(projectTemplates).values({
    agencyId,
    name: "Lançamento de site",
    description: "Do briefing à publicação",
    budgetHours: "120",
    createdBy: manager.id,
    tasks: [
      { title: "Briefing com o cliente", priority: "alta", dueInDays: 2 },
      { title: "Wireframes", priority: "media", dueInDays: 10 },
      { title: "Layout das páginas", priority: "media", dueInDays: 20 },
      { title: "Desenvolvimento", priority: "alta", dueInDays: 35 },
      { title: "Publicação", priority: "alta", dueInDays: 45 },
    ],
  });
}

/** Weekdays of the last 30 days: two entries a day per person, finished; older than a week approved. */
async function seedMonthOfTime(
  db: Db,
  agencyId: string,
  crew: Member[],
  projects: { id: string }[],
  approver: string,
  now: Date,
) {
  const rows: (typeof timeEntries.$inferInsert)[] = [];
  const today = new Date(now);
  today.setUTCHours(12, 0, 0, 0);
  for (let d = 30; d >= 1; d--) {
    const day = new Date(today.getTime() - d * DAY);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    for (const [i, person] of crew.entries()) {
      for (const slot of [0, 1]) {
        const start = new Date(day.getTime() + (slot === 0 ? -0 : 4 * HOUR) + i * 5 * 60000);
        const minutes = 60 + ((d * 7 + i * 13 + slot * 29) % 120);
        rows.push({
          agencyId,
          userId: person.id,
          projectId: projects[(d + i + slot) % projects.length].id,
          description: slot === 0 ? "Produção" : "Ajustes e reunião interna",
          startedAt: start,
          endedAt: new Date(start.getTime() + minutes * 60000),
          billable: slot === 0 || i % 2 === 0,
          rateCents: 9000 + i * 1500,
          approvedAt: d > 7 ? new Date(day.getTime() + 6 * DAY) : null,
          approvedBy: d > 7 ? approver : null,
        });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 200) await db.insert(timeEntries).values(rows.slice(i, i + 200));
}

async function seedMeetingsThisWeek(
  db: Db,
  agencyId: string,
  crew: Member[],
  organizer: string,
  projectId: string | null,
  now: Date,
) {
  const monday = new Date(now);
  monday.setUTCHours(13, 0, 0, 0);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const plan = [
    { title: "Kickoff com o cliente", day: 0, hour: 13 },
    { title: "Revisão de criação", day: 2, hour: 17 },
    { title: "Status semanal", day: 4, hour: 14 },
  ];
  for (const item of plan) {
    const startsAt = new Date(monday.getTime() + item.day * DAY + (item.hour - 13) * HOUR);
    const [meeting] = await db
      .insert(meetings)
      .values({
        agencyId,
        title: item.title,
        startsAt,
        endsAt: new Date(startsAt.getTime() + HOUR),
        projectId,
        createdBy: organizer,
      })
      .returning({ id: meetings.id });
    const attendees = [...new Set([organizer, ...crew.map((m) => m.id)])];
    await db.insert(meetingAttendees).values(attendees.map((userId) => ({ agencyId, meetingId: meeting.id, userId })));
  }
}

/** Demo projects' contacts become their client companies (as migration 0014 did for existing rows). */
async function linkClientCompanies(db: Db, agencyId: string) {
  await db.execute(sql`INSERT INTO companies (agency_id, name, email, phone, owner_id)
    SELECT DISTINCT ON (lower(c.company)) c.agency_id, c.company, c.email, c.phone, c.owner_id
    FROM projects p JOIN customers c ON c.id = p.customer_id
    WHERE p.agency_id = ${agencyId} AND coalesce(trim(c.company), '') <> ''
      AND NOT EXISTS (SELECT 1 FROM companies co WHERE co.agency_id = ${agencyId} AND lower(co.name) = lower(c.company))`);
  await db.execute(sql`UPDATE projects p SET company_id = (SELECT co.id FROM customers c JOIN companies co
      ON co.agency_id = c.agency_id AND lower(co.name) = lower(c.company) WHERE c.id = p.customer_id ORDER BY co.created_at LIMIT 1)
    WHERE p.agency_id = ${agencyId} AND p.company_id IS NULL AND p.customer_id IS NOT NULL`);
}
