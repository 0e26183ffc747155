import { and, eq, sql } from "drizzle-orm";
import { seedFinanceDemo } from "./finance-demo.ts";
import { ASSIGNABLE_ROLES } from "#domain/roles.ts";
import type { Auth } from "#server/auth/auth.ts";
import type { Db } from "#server/db/client.ts";
import { agencies, customers, user } from "#server/db/schema.ts";
import { seedCrmDemo } from "./crm-demo.ts";
import { createAgency } from "./agencies.ts";
import { createCustomer, createLead, createProject, createTask } from "./crm.ts";
import { seedDeliveryDemo } from "./delivery-demo.ts";
import { createUser, type UserInput } from "./users.ts";

export const DEMO_SUPER_ADMIN = "admin@nexo.example.com";

type AgencyPlan = {
  name: string;
  slug: string;
  domain: string;
  plan: "basic" | "pro" | "enterprise";
  /** What its invoices and quotes print under its name (CNPJ, address). */
  legal?: { taxId: string; address: string; zipCode: string };
  users: UserInput[];
  customers: { name: string; company: string; email: string; phone: string; status: string }[];
  projects: { name: string; customer: number; status: string; budget: string; dueInDays: number }[];
  leads: {
    name: string;
    company: string;
    source: string;
    status: string;
    stage: string;
    score: number;
    value: string;
  }[];
  tasks: { title: string; project: number; priority: "alta" | "media" | "baixa"; status: string; dueInDays: number }[];
};

const FIRST_NAMES = [
  "Ana",
  "Bruno",
  "Carla",
  "Diego",
  "Elisa",
  "Felipe",
  "Gabriela",
  "Henrique",
  "Isabela",
  "João",
  "Larissa",
  "Marcos",
  "Natália",
];

const aurora: AgencyPlan = {
  name: "Agência Aurora",
  slug: "agencia-aurora",
  domain: "aurora.example.com",
  plan: "pro",
  legal: { taxId: "34271856000113", address: "Rua Vergueiro, 1000 - Vila Mariana", zipCode: "04101-000" },
  users: ASSIGNABLE_ROLES.map((role, i) => ({
    email: `${role}@aurora.example.com`,
    firstName: FIRST_NAMES[i % FIRST_NAMES.length],
    lastName: "Aurora",
    company: "Agência Aurora",
    role,
  })),
  customers: [
    {
      name: "Padaria Pão Dourado",
      company: "Pão Dourado Ltda",
      email: "contato@paodourado.com.br",
      phone: "+551134567890",
      status: "cliente",
    },
    {
      name: "Clínica Sorriso Leve",
      company: "Sorriso Leve Odontologia",
      email: "marketing@sorrisoleve.com.br",
      phone: "+551122334455",
      status: "cliente",
    },
    {
      name: "Academia Corpo em Movimento",
      company: "CEM Fitness",
      email: "ola@corpoemmovimento.com.br",
      phone: "+552133445566",
      status: "ativo",
    },
    {
      name: "Livraria Página Nova",
      company: "Página Nova Livros",
      email: "compras@paginanova.com.br",
      phone: "+553132221100",
      status: "inativo",
    },
    {
      name: "Café Grão Mineiro",
      company: "Grão Mineiro Cafés Especiais",
      email: "cafe@graomineiro.com.br",
      phone: "+5531988887766",
      status: "lead",
    },
  ],
  projects: [
    { name: "Rebranding Pão Dourado", customer: 0, status: "em_andamento", budget: "18500.00", dueInDays: 20 },
    { name: "Campanha de Verão Sorriso Leve", customer: 1, status: "em_andamento", budget: "12000.00", dueInDays: 35 },
    { name: "Site institucional CEM Fitness", customer: 2, status: "planejamento", budget: "9800.00", dueInDays: 60 },
    { name: "Lançamento clube de assinatura", customer: 4, status: "concluido", budget: "7500.00", dueInDays: -10 },
  ],
  leads: [
    {
      name: "Restaurante Sabor da Terra",
      company: "Sabor da Terra",
      source: "Instagram",
      status: "qualified",
      stage: "qualificados",
      score: 78,
      value: "6500.00",
    },
    {
      name: "Pet Shop Amigo Fiel",
      company: "Amigo Fiel Pet",
      source: "Indicação",
      status: "new",
      stage: "leads",
      score: 35,
      value: "3000.00",
    },
    {
      name: "Escola de Idiomas Fluente",
      company: "Fluente Idiomas",
      source: "Google Ads",
      status: "proposal",
      stage: "proposta",
      score: 82,
      value: "15000.00",
    },
    {
      name: "Imobiliária Chave de Ouro",
      company: "Chave de Ouro Imóveis",
      source: "Site",
      status: "negotiation",
      stage: "negociacao",
      score: 91,
      value: "24000.00",
    },
    {
      name: "Ótica Visão Clara",
      company: "Visão Clara",
      source: "LinkedIn",
      status: "new",
      stage: "leads",
      score: 48,
      value: "4200.00",
    },
  ],
  tasks: [
    {
      title: "Aprovar paleta de cores com o cliente",
      project: 0,
      priority: "alta",
      status: "in_progress",
      dueInDays: -2,
    },
    { title: "Roteiro dos vídeos de verão", project: 1, priority: "alta", status: "pending", dueInDays: 3 },
    { title: "Wireframe da página inicial", project: 2, priority: "media", status: "review", dueInDays: 7 },
    { title: "Relatório final de resultados", project: 3, priority: "baixa", status: "completed", dueInDays: -12 },
    { title: "Calendário editorial de dezembro", project: 1, priority: "media", status: "pending", dueInDays: 10 },
  ],
};

const boreal: AgencyPlan = {
  name: "Agência Boreal",
  slug: "agencia-boreal",
  domain: "boreal.example.com",
  plan: "basic",
  users: [
    {
      email: "agency_manager@boreal.example.com",
      firstName: "Rafael",
      lastName: "Boreal",
      company: "Agência Boreal",
      role: "agency_manager",
    },
    {
      email: "agency_client@boreal.example.com",
      firstName: "Sofia",
      lastName: "Boreal",
      company: "Agência Boreal",
      role: "agency_client",
    },
  ],
  customers: [
    {
      name: "Pousada Vento Sul",
      company: "Vento Sul Turismo",
      email: "reservas@ventosul.com.br",
      phone: "+554833332211",
      status: "cliente",
    },
    {
      name: "Cervejaria Montanha",
      company: "Montanha Artesanal",
      email: "contato@cervejariamontanha.com.br",
      phone: "+555432229988",
      status: "ativo",
    },
  ],
  projects: [
    {
      name: "Gestão de redes sociais Vento Sul",
      customer: 0,
      status: "em_andamento",
      budget: "4800.00",
      dueInDays: 30,
    },
    {
      name: "Identidade visual Cervejaria Montanha",
      customer: 1,
      status: "em_andamento",
      budget: "6200.00",
      dueInDays: 15,
    },
  ],
  leads: [
    {
      name: "Vinícola Serra Alta",
      company: "Serra Alta Vinhos",
      source: "Feira",
      status: "qualified",
      stage: "qualificados",
      score: 66,
      value: "9000.00",
    },
    {
      name: "Hostel Mochileiro",
      company: "Mochileiro Hostel",
      source: "Instagram",
      status: "new",
      stage: "leads",
      score: 22,
      value: "1800.00",
    },
  ],
  tasks: [
    { title: "Fotos do quarto luxo", project: 0, priority: "media", status: "pending", dueInDays: 4 },
    { title: "Esboço do rótulo IPA", project: 1, priority: "alta", status: "in_progress", dueInDays: -1 },
  ],
};

const DAY = 24 * 60 * 60 * 1000;

/** Room for every demo user and the invites the tests send (the plan limit is enforced on invites). */
const DEMO_MAX_USERS = 50;

async function ensureUser(auth: Auth, db: Db, input: UserInput) {
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, input.email));
  return existing ?? createUser(auth, db, input);
}

async function ensureAgency(auth: Auth, db: Db, plan: AgencyPlan, now: Date) {
  const [existing] = await db.select().from(agencies).where(eq(agencies.slug, plan.slug));
  const agency =
    existing ??
    (await createAgency(db, {
      name: plan.name,
      slug: plan.slug,
      domain: plan.domain,
      contactEmail: `contato@${plan.domain}`,
      contactPhone: "(11) 4000-1234",
      city: "São Paulo",
      state: "SP",
      country: "Brasil",
      subscriptionPlan: plan.plan,
      maxUsers: DEMO_MAX_USERS,
      ...plan.legal,
    }));
  const members = [];
  for (const input of plan.users) members.push(await ensureUser(auth, db, { ...input, agencyId: agency.id }));
  const [hasData] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.agencyId, agency.id)))
    .limit(1);
  if (hasData) {
    await seedDeliveryDemo(db, agency.id, now, { wonDeal: plan.slug === aurora.slug });
    return agency;
  }
  const owner = members[0]?.id ?? null;
  const customerRows = [];
  for (const c of plan.customers) {
    customerRows.push(
      await createCustomer(db, {
        agencyId: agency.id,
        ownerId: owner,
        ...c,
        lastContactAt: new Date(now.getTime() - 3 * DAY),
      }),
    );
  }
  const projectRows = [];
  for (const p of plan.projects) {
    projectRows.push(
      await createProject(db, {
        agencyId: agency.id,
        customerId: customerRows[p.customer].id,
        name: p.name,
        status: p.status,
        budgetCents: Math.round(Number(p.budget) * 100),
        ownerId: owner,
        startDate: new Date(now.getTime() - 30 * DAY),
        dueDate: new Date(now.getTime() + p.dueInDays * DAY),
        completedAt: p.status === "concluido" ? new Date(now.getTime() + p.dueInDays * DAY) : null,
      }),
    );
  }
  for (const l of plan.leads) {
    await createLead(db, {
      agencyId: agency.id,
      ownerId: owner,
      email: `contato@${l.company.toLowerCase().replace(/[^a-z]/g, "")}.com.br`,
      estimatedValue: l.value,
      // value_cents is the deal's value since migration 0013 (estimated_value is legacy, not read).
      valueCents: Math.round(Number(l.value) * 100),
      ...l,
    });
  }
  for (const [i, task] of plan.tasks.entries()) {
    await createTask(db, {
      agencyId: agency.id,
      projectId: projectRows[task.project].id,
      title: task.title,
      priority: task.priority,
      status: task.status,
      assigneeId: members[i % members.length]?.id ?? null,
      dueDate: new Date(now.getTime() + task.dueInDays * DAY),
    });
  }
  await seedDeliveryDemo(db, agency.id, now, { wonDeal: plan.slug === aurora.slug });
  return agency;
}

/** The demo of the README: one super admin, Aurora (every role) and Boreal. Safe to run twice. */
export async function seedDemo(auth: Auth, db: Db, now = new Date()) {
  const admin = await ensureUser(auth, db, { email: DEMO_SUPER_ADMIN, firstName: "Admin", lastName: "Nexo" });
  await db.execute(sql`update user_roles set role = 'super_admin' where user_id = ${admin.id}`);
  const auroraAgency = await ensureAgency(auth, db, aurora, now);
  const borealAgency = await ensureAgency(auth, db, boreal, now);
  await seedFinanceDemo(db, auroraAgency.id, now);
  await seedCrmDemo(db, auroraAgency.id, now);
  return { adminId: admin.id, aurora: auroraAgency, boreal: borealAgency };
}
