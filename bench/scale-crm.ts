import { sql } from "drizzle-orm";
import { foldSearch } from "#domain/crm/search-text.ts";
import { type Db, type Queryable, queryRows } from "#server/db/client.ts";
import type { Scale } from "./config.ts";
import {
  agencyIdOf,
  bulkLoad,
  positionKey,
  run,
  textArray,
  timed,
  userIdOf,
  userOfAgency,
  v4IdOf,
} from "./scale-sql.ts";

/**
 * CRM scale data (issue 16): contacts, companies, deals on each agency's default pipeline and
 * timeline entries, up to the scale's totals (rows the core and finance parts made count), the
 * large agency (bench agency 1) holding its share. Shaped like what the CRM writers store:
 * Brazilian names, e-mails, E.164 phones, a company for two contacts in three, owners among the
 * agency's users, deals spread over the five stages with won/lost outcomes in "fechados".
 */

const CRM_BULK_TABLES = ["customers", "companies", "leads", "timeline_events"];
const HISTORY_SECONDS = 730 * 86_400;

const FIRST_NAMES = [
  "Ana",
  "Bruno",
  "Camila",
  "Diego",
  "Eduarda",
  "Felipe",
  "Gabriela",
  "Heitor",
  "Isabela",
  "João",
  "Larissa",
  "Lucas",
  "Mariana",
  "Mateus",
  "Natália",
  "Otávio",
  "Patrícia",
  "Rafael",
  "Sofia",
  "Thiago",
  "Valéria",
  "Vinícius",
  "Beatriz",
  "Caio",
  "Débora",
  "Enzo",
  "Fernanda",
  "Gustavo",
  "Helena",
  "Igor",
];
const LAST_NAMES = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Almeida",
  "Lopes",
  "Soares",
  "Fernandes",
  "Vieira",
  "Barbosa",
  "Rocha",
  "Dias",
  "Nascimento",
  "Andrade",
  "Moreira",
  "Nunes",
  "Marques",
  "Machado",
  "Mendes",
  "Freitas",
];
const COMPANY_WORDS = [
  "Aurora",
  "Horizonte",
  "Ipê",
  "Jacarandá",
  "Maré",
  "Serra Azul",
  "Cajueiro",
  "Pitanga",
  "Araucária",
  "Girassol",
  "Mandacaru",
  "Sabiá",
  "Tucano",
  "Jabuticaba",
  "Beija-Flor",
  "Itapuã",
  "Boa Vista",
  "Pau-Brasil",
  "Capivara",
  "Jatobá",
];
const COMPANY_KINDS = ["Clínica", "Construtora", "Escola", "Restaurante", "Academia", "Imobiliária", "Loja", "Estúdio"];
const CITIES = [
  ["São Paulo", "SP"],
  ["Rio de Janeiro", "RJ"],
  ["Belo Horizonte", "MG"],
  ["Curitiba", "PR"],
  ["Porto Alegre", "RS"],
  ["Salvador", "BA"],
  ["Recife", "PE"],
  ["Fortaleza", "CE"],
  ["Goiânia", "GO"],
  ["Florianópolis", "SC"],
];
const AREA_CODES = ["11", "21", "31", "41", "51", "71", "81", "85", "62", "48"];
const SOURCES = ["site", "indicação", "instagram", "google ads", "evento", "linkedin"];
const POSITIONS = ["Diretora de Marketing", "Gerente Comercial", "Sócio", "Coordenadora", "Analista", "CEO"];
const STAGES = ["leads", "qualificados", "proposta", "negociacao", "fechados"];
const ACTIVITY_KINDS = ["created", "note", "call", "meeting", "email", "note", "call", "stage_changed"];

/** Rows of one kind to insert: how many, and how many of them in the large agency (the first ones). */
type Portion = { rows: number; big: number };
type Portions = Record<"contacts" | "companies" | "deals" | "timeline", Portion>;

/** The agency index (1-based) of inserted row n of a portion: the first `big` in agency 1, the rest spread. */
const agencyOfRow = (n: string, portion: Portion, agencies: number) =>
  `(case when (${n}) <= ${portion.big} then 1 else 2 + ((${n}) - ${portion.big} - 1) % ${agencies - 1} end)`;

/** The row number of the j-th row (any integer, wrapped) of agency `a` in a portion, per agencyOfRow. */
function rowOfAgency(a: string, j: string, portion: Portion, agencies: number): string {
  const perAgency = Math.max(1, Math.floor((portion.rows - portion.big) / (agencies - 1)));
  return `(case when (${a}) = 1 then 1 + (${j}) % ${Math.max(1, portion.big)}
               else ${portion.big} + 1 + ((${a}) - 2) + ${agencies - 1} * ((${j}) % ${perAgency}) end)`;
}

/** The id of row n of a kind (these ids reach routes: version-4-shaped). */
const idOf = (kind: string, n: string) => v4IdOf(`'crm${kind}' || (${n})`);
const pick = (values: readonly string[], index: string) => `(${textArray(values)})[1 + (${index}) % ${values.length}]`;
const slugs = (values: readonly string[]) => values.map((value) => foldSearch(value).replace(/[^a-z]/g, ""));
/** A creation time spread over two years, scattered (not in row order). */
const createdOf = (n: string) =>
  `now() - make_interval(secs => ((${n})::bigint * 2654435761 % ${HISTORY_SECONDS})::double precision)`;

async function insertCompanies(db: Queryable, scale: Scale, p: Portions): Promise<void> {
  const a = agencyOfRow("n", p.companies, scale.agencies);
  await run(
    db,
    `insert into companies (id, agency_id, name, legal_name, email, phone, city, state, owner_id, created_at, updated_at)
     select ${idOf("company", "n")}, ${agencyIdOf("s.a")}, s.name, s.name || ' Ltda',
            'contato@' || ${pick(slugs(COMPANY_WORDS), "n / 8")} || n || '.example.com.br',
            '+55' || ${pick(AREA_CODES, "n")} || '3' || lpad((n::bigint * 7919 % 10000000)::text, 7, '0'),
            ${pick(
              CITIES.map(([city]) => city),
              "n",
            )}, ${pick(
              CITIES.map(([, uf]) => uf),
              "n",
            )},
            ${userIdOf(userOfAgency("s.a", "n", scale))}, ${createdOf("n")}, ${createdOf("n")}
       from (select n, ${a} as a,
                    ${pick(COMPANY_KINDS, "n")} || ' ' || ${pick(COMPANY_WORDS, "n / 8")} as name
               from generate_series(1, ${p.companies.rows}) n) s`,
  );
}

async function insertContacts(db: Queryable, scale: Scale, p: Portions): Promise<void> {
  const a = agencyOfRow("n", p.contacts, scale.agencies);
  const company = idOf("company", rowOfAgency("s.a", "n", p.companies, scale.agencies));
  await run(
    db,
    `insert into customers (id, agency_id, name, email, phone, whatsapp, company_id, position, city, state, source, tags,
                            owner_id, status, created_at, updated_at)
     select ${idOf("contact", "n")}, ${agencyIdOf("s.a")},
            ${pick(FIRST_NAMES, "n")} || ' ' || ${pick(LAST_NAMES, "n / 30")} || ' ' || ${pick(LAST_NAMES, "n / 900")},
            ${pick(slugs(FIRST_NAMES), "n")} || '.' || ${pick(slugs(LAST_NAMES), "n / 900")} || n || '@' || ${pick(["gmail.com", "hotmail.com", "outlook.com", "empresa.com.br"], "n / 7")},
            s.phone, case when n % 2 = 0 then s.phone end,
            case when n % 3 <> 0 then ${company} end,
            ${pick(POSITIONS, "n / 3")}, ${pick(
              CITIES.map(([city]) => city),
              "n / 11",
            )}, ${pick(
              CITIES.map(([, uf]) => uf),
              "n / 11",
            )},
            ${pick(SOURCES, "n / 5")},
            case n % 5 when 0 then array['vip'] when 1 then array['newsletter', 'evento'] else '{}'::text[] end,
            ${userIdOf(userOfAgency("s.a", "n", scale))}, ${pick(["lead", "lead", "cliente", "ativo", "inativo"], "n / 13")},
            ${createdOf("n")}, ${createdOf("n")}
       from (select n, ${a} as a,
                    '+55' || ${pick(AREA_CODES, "n")} || '9' || lpad((n::bigint * 48271 % 100000000)::text, 8, '0') as phone
               from generate_series(1, ${p.contacts.rows}) n) s`,
  );
}

/**
 * Deals on the agency's default pipeline (the agencies trigger made it; the stage and search text
 * triggers are off under replica, so both are written here as they would write them). Their order
 * keys have 5 digits: after the core part's 4-digit ones, never equal.
 */
async function insertDeals(db: Queryable, scale: Scale, p: Portions): Promise<void> {
  const a = agencyOfRow("n", p.deals, scale.agencies);
  const contact = rowOfAgency("s.a", "n", p.contacts, scale.agencies);
  const company = rowOfAgency("s.a", "n", p.companies, scale.agencies);
  await run(
    db,
    `insert into leads (id, agency_id, pipeline_id, stage_id, stage, name, source, status, position, value_cents,
                        estimated_value, contact_id, company_id, owner_id, outcome, lost_reason, closed_at,
                        stage_entered_at, expected_close_on, tags, created_at, updated_at, search_text)
     select ${idOf("deal", "n")}, st.agency_id, st.pipeline_id, st.id, st.name, s.name,
            ${pick(SOURCES, "n / 5")}, 'new', ${positionKey("n", 5)}, s.value, s.value / 100,
            ${idOf("contact", contact)}, ${idOf("company", company)}, ${userIdOf(userOfAgency("s.a", "n", scale))},
            s.outcome, case when s.outcome = 'lost' then 'Preço acima do orçamento' end,
            case when s.outcome <> 'open' then s.created + interval '20 days' end,
            s.created + interval '3 days', (s.created + interval '45 days')::date,
            case when n % 4 = 0 then array['recorrente'] else '{}'::text[] end, s.created, s.created,
            crm_search_text(s.name, null, null, null)
       from (select n, ${a} as a, ${createdOf("n")} as created, (500 + (n::bigint * 7919) % 200) * 10000 as value,
                    ${pick(["Site institucional", "Gestão de redes sociais", "Campanha Google Ads", "Identidade visual", "SEO", "Landing page"], "n")}
                      || ' — ' || ${pick(COMPANY_WORDS, "n / 6")} as name,
                    case when n % 5 <> 4 then 'open' when n % 3 = 0 then 'lost' else 'won' end as outcome
               from generate_series(1, ${p.deals.rows}) n) s
       join pipeline_stages st on st.agency_id = ${agencyIdOf("s.a")} and st.name = ${pick(STAGES, "n")}`,
  );
}

/** Entries on contacts (half), deals (a quarter) and companies, each in its record's agency. */
async function insertTimeline(db: Queryable, scale: Scale, p: Portions): Promise<void> {
  const record = (kind: "contact" | "deal" | "company", portion: Portion) => {
    const n = `(1 + (n::bigint * 7919) % ${portion.rows})`;
    return { id: idOf(kind, n), a: agencyOfRow(n, portion, scale.agencies) };
  };
  const contact = record("contact", p.contacts);
  const deal = record("deal", p.deals);
  const company = record("company", p.companies);
  await run(
    db,
    `insert into timeline_events (agency_id, record_type, record_id, kind, actor_id, details, created_at)
     select ${agencyIdOf("s.a")}, s.type, s.id, ${pick(ACTIVITY_KINDS, "n")}, ${userIdOf(userOfAgency("s.a", "n", scale))},
            jsonb_build_object('text', 'Conversa sobre a proposta ' || n), ${createdOf("n")}
       from (select n,
                    case n % 4 when 1 then 'deal' when 3 then 'company' else 'contact' end as type,
                    case n % 4 when 1 then ${deal.id} when 3 then ${company.id} else ${contact.id} end as id,
                    case n % 4 when 1 then ${deal.a} when 3 then ${company.a} else ${contact.a} end as a
               from generate_series(1, ${p.timeline.rows}) n) s`,
  );
}

async function existingCounts(db: Db): Promise<Record<keyof Portions, Portion>> {
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql.raw(
      `select ${[
        ["contacts", "customers"],
        ["companies", "companies"],
        ["deals", "leads"],
        ["timeline", "timeline_events"],
      ]
        .map(
          ([name, table]) =>
            `(select count(*)::int from ${table}) as ${name}, (select count(*)::int from ${table} where agency_id = ${agencyIdOf("1")}) as ${name}_big`,
        )
        .join(", ")}`,
    ),
  );
  const of = (name: string) => ({ rows: row[name], big: row[`${name}_big`] });
  return { contacts: of("contacts"), companies: of("companies"), deals: of("deals"), timeline: of("timeline") };
}

/** What to insert so the totals and the large agency's share reach the scale's. */
function portionsToAdd(scale: Scale, existing: Record<keyof Portions, Portion>): Portions {
  const sizes = scale.crm;
  const add = (total: number, big: number, have: Portion): Portion => {
    const rows = Math.max(0, total - have.rows);
    return { rows, big: Math.min(rows, Math.max(0, big - have.big)) };
  };
  return {
    contacts: add(sizes.contacts, sizes.bigAgencyContacts, existing.contacts),
    companies: add(sizes.companies, sizes.bigAgencyCompanies, existing.companies),
    deals: add(sizes.deals, sizes.bigAgencyDeals, existing.deals),
    timeline: add(sizes.timeline, Math.round(sizes.timeline / 5), existing.timeline),
  };
}

export async function hasCrmData(db: Db, scale: Scale): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from customers`);
  return row.n >= scale.crm.contacts;
}

/** The CRM rows of every bench agency, bulk loaded (bulkLoad: indexes dropped for the insert, rebuilt after). */
export async function generateCrmData(db: Db, scale: Scale, steps: Record<string, number>): Promise<void> {
  const portions = portionsToAdd(scale, await existingCounts(db));
  await bulkLoad(db, { tables: CRM_BULK_TABLES, steps, indexStep: "crmIndexes" }, async (tx) => {
    await timed(steps, "crmCompanies", () => insertCompanies(tx, scale, portions));
    await timed(steps, "crmContacts", () => insertContacts(tx, scale, portions));
    await timed(steps, "crmDeals", () => insertDeals(tx, scale, portions));
    await timed(steps, "crmTimeline", () => insertTimeline(tx, scale, portions));
  });
}
