import { and, asc, eq, inArray } from "drizzle-orm";
import { generateNKeysBetween } from "fractional-indexing";
import type { Db } from "#server/db/client.ts";
import { companies, customers, leads, pipelineStages, profiles, timelineEvents } from "#server/db/schema.ts";

const FIRST = [
  "Ana",
  "Bruno",
  "Camila",
  "Diego",
  "Eduarda",
  "Fábio",
  "Gabriela",
  "Heitor",
  "Isabela",
  "João",
  "Larissa",
  "Marcos",
  "Natália",
  "Otávio",
  "Patrícia",
  "Rafael",
  "Sabrina",
  "Thiago",
  "Vanessa",
  "Wesley",
  "Juliana",
  "Caio",
  "Letícia",
  "Mateus",
  "Beatriz",
];
const LAST = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Lima",
  "Pereira",
  "Costa",
  "Carvalho",
  "Almeida",
  "Ribeiro",
  "Gomes",
  "Martins",
  "Araújo",
  "Barbosa",
  "Rocha",
  "Dias",
  "Nascimento",
  "Moreira",
  "Cardoso",
  "Teixeira",
];
const BUSINESS = [
  "Padaria",
  "Clínica",
  "Academia",
  "Imobiliária",
  "Restaurante",
  "Pet Shop",
  "Escola",
  "Ótica",
  "Farmácia",
  "Construtora",
  "Cervejaria",
  "Floricultura",
  "Livraria",
  "Auto Peças",
  "Estúdio",
];
const PLACE = [
  "Aurora",
  "Horizonte",
  "Paulista",
  "Carioca",
  "Mineira",
  "do Sul",
  "Central",
  "Nova Era",
  "Bela Vista",
  "Primavera",
  "Litoral",
  "Serra Azul",
];
const CITIES: [string, string][] = [
  ["São Paulo", "SP"],
  ["Rio de Janeiro", "RJ"],
  ["Belo Horizonte", "MG"],
  ["Curitiba", "PR"],
  ["Porto Alegre", "RS"],
  ["Recife", "PE"],
  ["Salvador", "BA"],
  ["Campinas", "SP"],
  ["Florianópolis", "SC"],
  ["Goiânia", "GO"],
];
const SOURCES = ["Indicação", "Site", "Instagram", "Google Ads", "Evento", "LinkedIn"];
const STATUSES = ["lead", "lead", "cliente", "ativo", "inativo"] as const;
const DEALS = [
  "Gestão de redes sociais",
  "Site institucional",
  "Campanha de tráfego pago",
  "Identidade visual",
  "Loja virtual",
  "SEO e conteúdo",
  "Vídeos para Reels",
  "Automação de e-mail",
];

const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");

const COMPANY_COUNT = 150;
const companyName = (i: number) =>
  `${BUSINESS[i % BUSINESS.length]} ${PLACE[(i * 7) % PLACE.length]}${i >= 120 ? ` ${i}` : ""}`;
const contactName = (i: number) =>
  `${FIRST[i % FIRST.length]} ${LAST[(i * 3) % LAST.length]} ${LAST[(i * 7 + 1) % LAST.length]}`;
/** The i-th contact works at the (i mod 150)-th company. */
const demoContactEmail = (i: number) => `${slug(contactName(i))}${i}@${slug(companyName(i % COMPANY_COUNT))}.com.br`;

/**
 * A believable CRM for a demo agency: 150 companies, 400 contacts, 120 deals across the stages,
 * a timeline. Deterministic (no randomness) and safe to run twice (skips an agency that has its
 * first contact).
 */
export async function seedCrmDemo(db: Db, agencyId: string, now: Date): Promise<void> {
  if (await hasCrmDemo(db, agencyId)) return;
  const owners = (
    await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(
        and(
          eq(profiles.agencyId, agencyId),
          inArray(profiles.role, ["agency_manager", "sales_closer", "sales_bdr", "sales_ldr"]),
        ),
      )
  ).map((p) => p.id);
  const owner = (i: number) => owners[i % Math.max(owners.length, 1)] ?? null;
  const day = 86_400_000;
  const companyRows = await db
    .insert(companies)
    .values(
      Array.from({ length: COMPANY_COUNT }, (_, i) => {
        const name = companyName(i);
        const [city, state] = CITIES[i % CITIES.length];
        return {
          agencyId,
          name,
          email: `contato@${slug(name)}.com.br`,
          city,
          state,
          ownerId: owner(i),
          createdAt: new Date(now.getTime() - (i % 180) * day),
        };
      }),
    )
    .returning({ id: companies.id, name: companies.name });
  const contactRows = await db
    .insert(customers)
    .values(
      Array.from({ length: 400 }, (_, i) => {
        const name = contactName(i);
        const company = companyRows[i % COMPANY_COUNT];
        const [city, state] = CITIES[(i * 3) % CITIES.length];
        return {
          agencyId,
          name,
          email: demoContactEmail(i),
          phone: `+55${11 + (i % 80)}9${String(80000000 + i * 37).slice(0, 8)}`,
          companyId: company.id,
          position: ["Sócio", "Gerente de marketing", "Diretora", "Coordenador", "Proprietária"][i % 5],
          city,
          state,
          source: SOURCES[i % SOURCES.length],
          status: STATUSES[i % STATUSES.length],
          ownerId: owner(i),
          createdAt: new Date(now.getTime() - (i % 200) * day),
        };
      }),
    )
    .returning({ id: customers.id, companyId: customers.companyId, ownerId: customers.ownerId });
  const stages = await db
    .select()
    .from(pipelineStages)
    .where(eq(pipelineStages.agencyId, agencyId))
    .orderBy(asc(pipelineStages.position));
  const perStage = 24;
  const dealValues = stages.slice(0, 5).flatMap((stage, s) => {
    const keys = generateNKeysBetween(null, null, perStage);
    return keys.map((position, k) => {
      const i = s * perStage + k;
      const contact = contactRows[(i * 3) % contactRows.length];
      const outcome =
        stage.name === "fechados" ? (k % 3 === 2 ? ("lost" as const) : ("won" as const)) : ("open" as const);
      return {
        agencyId,
        name: `${DEALS[i % DEALS.length]} — ${FIRST[i % FIRST.length]}`,
        stageId: stage.id,
        position,
        valueCents: (15 + ((i * 37) % 120)) * 10_000,
        contactId: contact.id,
        companyId: contact.companyId,
        ownerId: contact.ownerId,
        outcome,
        lostReason: outcome === "lost" ? "Preço acima do orçamento" : null,
        closedAt: outcome === "open" ? null : new Date(now.getTime() - (k % 60) * day),
        createdAt: new Date(now.getTime() - (60 + (i % 90)) * day),
        stageEnteredAt: new Date(now.getTime() - (i % 20) * day),
        expectedCloseOn: new Date(now.getTime() + (i % 60) * day).toISOString().slice(0, 10),
      };
    });
  });
  const dealRows = await db
    .insert(leads)
    .values(dealValues)
    .returning({ id: leads.id, ownerId: leads.ownerId, outcome: leads.outcome });
  await db.insert(timelineEvents).values([
    ...contactRows.map((c, i) => ({
      agencyId,
      recordType: "contact",
      recordId: c.id,
      kind: "created",
      actorId: c.ownerId,
      createdAt: new Date(now.getTime() - (i % 200) * day),
    })),
    ...contactRows.slice(0, 150).map((c, i) => ({
      agencyId,
      recordType: "contact",
      recordId: c.id,
      kind: ["call", "meeting", "email", "note"][i % 4],
      actorId: c.ownerId,
      details: {
        text: [
          "Conversamos sobre o plano de mídia.",
          "Reunião de diagnóstico feita.",
          "Enviei a proposta por e-mail.",
          "Pediu retorno na próxima semana.",
        ][i % 4],
      },
    })),
    ...dealRows.map((d) => ({
      agencyId,
      recordType: "deal",
      recordId: d.id,
      kind: d.outcome === "open" ? "created" : d.outcome,
      actorId: d.ownerId,
    })),
  ]);
}

/** The first demo contact's e-mail: other demos (finance, delivery) create companies and contacts of their own first. */
async function hasCrmDemo(db: Db, agencyId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.agencyId, agencyId), eq(customers.email, demoContactEmail(0))))
    .limit(1);
  return found !== undefined;
}
