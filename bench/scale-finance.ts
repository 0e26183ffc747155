import { sql } from "drizzle-orm";
import { dateInZone } from "#domain/calendar-date.ts";
import { type Db, type Queryable, queryRows } from "#server/db/client.ts";
import type { Scale } from "./config.ts";
import { agencyIdOf, bulkLoad, md5Uuid, run, textArray, timed, userIdOf, userOfAgency } from "./scale-sql.ts";

/**
 * Finance scale data (issue 18), shaped like what the finance writers store: per agency its client
 * companies, monthly retainers (schedules, and one invoice per schedule and month as the job
 * issues it), invoices typed by hand with 1–3 lines, totals by the one money rule (half-up
 * centavos), numbers 1..n per agency in creation order with the counter at n (drafts have none),
 * payments that add up to each invoice's paid amount, expense categories and expenses, and the
 * agency's CNPJ, address and Pix key (the PDF's header and QR code). Two years of history up to today.
 */

/** Tables whose secondary indexes are dropped for the bulk insert and rebuilt after. */
const FINANCE_BULK_TABLES = ["invoices", "invoice_items", "payments", "expenses"];
const MONTHS = 24;
const HISTORY_DAYS = 730;
const ZONE = "America/Sao_Paulo";
const COMPANIES_PER_AGENCY = 20;
const RETAINERS_PER_AGENCY = 8;
const EXPENSES_PER_MONTH = 12;

const COMPANY_KINDS = [
  "Padaria",
  "Clínica",
  "Construtora",
  "Escola",
  "Restaurante",
  "Academia",
  "Imobiliária",
  "Loja",
  "Estúdio",
  "Farmácia",
];
const COMPANY_NAMES = [
  "Aurora",
  "Horizonte",
  "Ipê",
  "Jacarandá",
  "Maré",
  "Serra Azul",
  "Cajueiro",
  "Bem-Te-Vi",
  "Pitanga",
  "Araucária",
  "Vale Verde",
  "Girassol",
  "Mandacaru",
  "Sabiá",
  "Tucano",
  "Jabuticaba",
  "Carnaúba",
  "Beija-Flor",
  "Ouro Preto",
  "Itapuã",
];
const RETAINER_SERVICES = [
  "Fee mensal — gestão de redes sociais",
  "Fee mensal — tráfego pago",
  "Fee mensal — marketing de conteúdo",
  "Fee mensal — SEO e blog",
];
/** One-off services: name, description, unit price in centavos, quantity kind (0 one, 1 units, 2 hours). */
const SERVICES: [string, string, number, 0 | 1 | 2][] = [
  ["Criação de campanha", "Conceito, peças e roteiro", 480_000, 0],
  ["Peças para redes sociais", "Posts e stories", 18_000, 1],
  ["Horas de design", "Horas aprovadas no período", 15_000, 2],
  ["Produção de vídeo", "Roteiro, captação e edição", 320_000, 1],
  ["Consultoria de marketing", "Horas de consultoria", 25_000, 2],
  ["Identidade visual", "Logotipo, paleta e manual de marca", 650_000, 0],
  ["Landing page", "Design e desenvolvimento", 900_000, 0],
  ["Gestão de anúncios", "Campanhas Meta e Google Ads", 150_000, 1],
];
/** Expense categories: name, supplier, description, base amount in centavos, recurrence. */
const EXPENSES: [string, string, string, number, string][] = [
  ["Freelancers", "Coletivo Criativo ME", "Redação e design sob demanda", 4_500_000, "nenhuma"],
  ["Aluguel", "Imobiliária Paulista", "Aluguel do escritório", 1_200_000, "mensal"],
  ["Software", "Adobe Systems Brasil", "Licenças Creative Cloud", 350_000, "mensal"],
  ["Mídia paga", "Meta Platforms", "Impulsionamentos de clientes", 6_000_000, "nenhuma"],
  ["Impostos", "Prefeitura de São Paulo", "ISS e taxas", 3_000_000, "nenhuma"],
  ["Equipamentos", "Kabum Comércio Eletrônico", "Notebooks e acessórios", 500_000, "nenhuma"],
];
const PAYMENT_METHODS = [
  ...Array(10).fill("pix"),
  ...Array(4).fill("boleto"),
  ...Array(4).fill("transferencia"),
  "cartao",
  "dinheiro",
];

/** The id the generator gives a finance row: md5(kind || agency index || '-' || n)::uuid. */
export function financeBenchId(kind: "company" | "invoice", agency: number, n: number): string {
  return md5Uuid(`${kind}${agency}-${n}`);
}

const idOf = (kind: string, a: string, n: string) => `md5('${kind}' || (${a}) || '-' || (${n}))::uuid`;

/** Per-agency sizes as SQL of the agency index `a`: agency 1 is the large one, the rest share the remainder. */
function sizes(scale: Scale) {
  const others = scale.invoices - scale.bigAgencyInvoices;
  const perAgency = Math.floor(others / (scale.agencies - 1));
  const extra = others % (scale.agencies - 1);
  const bigCompanies = Math.max(COMPANIES_PER_AGENCY, Math.round(scale.bigAgencyInvoices / 150));
  const bigRetainers = Math.max(1, Math.round(scale.bigAgencyInvoices / 600));
  const bigExpenses = Math.round((EXPENSES_PER_MONTH * scale.bigAgencyInvoices) / perAgency);
  const perBig = (a: string, big: number, other: string | number) =>
    `(case when (${a}) = 1 then ${big} else ${other} end)`;
  return {
    invoices: (a: string) =>
      perBig(a, scale.bigAgencyInvoices, `${perAgency} + (case when (${a}) - 2 < ${extra} then 1 else 0 end)`),
    companies: (a: string) => perBig(a, bigCompanies, COMPANIES_PER_AGENCY),
    retainers: (a: string) => perBig(a, bigRetainers, RETAINERS_PER_AGENCY),
    expensesPerMonth: (a: string) => perBig(a, bigExpenses, EXPENSES_PER_MONTH),
  };
}

/** A check digit of a CNPJ's first digits (the weights of br-documents.ts). */
const checkDigit = (digits: string, weights: number[]) =>
  `(select case when s % 11 < 2 then 0 else 11 - s % 11 end
      from (select sum(substr(${digits}, i, 1)::int * (array[${weights}])[i]) as s
              from generate_series(1, ${weights.length}) i) w)::text`;

/** A valid CNPJ (14 digits) whose root is the number `root`, headquarters branch 0001. */
const cnpjOf = (root: string) =>
  `(select b13 || ${checkDigit("b13", [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])}
      from (select b12 || ${checkDigit("b12", [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])} as b13
              from (select lpad((${root})::text, 8, '0') || '0001' as b12) r) c)`;

const localTime = (date: string, time: string, extraSeconds: string) =>
  `(((${date}) + time '${time}' + make_interval(secs => ${extraSeconds})) at time zone '${ZONE}')`;

/** Agency profile facts the PDF prints, and the agency's Pix key (its CNPJ), finance settings' defaults. */
async function insertAgencyFinanceProfile(db: Queryable, scale: Scale): Promise<void> {
  await run(
    db,
    `update agencies g set tax_id = regexp_replace(x.cnpj, '(\\d{2})(\\d{3})(\\d{3})(\\d{4})(\\d{2})', '\\1.\\2.\\3/\\4-\\5'),
            address = 'Av. Paulista, ' || (1000 + x.a) || ' - Bela Vista', zip_code = '01310-100',
            contact_phone = '(11) 3' || lpad(x.a::text, 3, '0') || '-' || lpad((x.a * 7 % 10000)::text, 4, '0')
       from (select a, ${cnpjOf("40000000 + a")} as cnpj from generate_series(1, ${scale.agencies}) a) x
      where g.id = ${agencyIdOf("x.a")}`,
  );
  await run(
    db,
    `insert into finance_settings (agency_id, pix_key_type, pix_key, pix_merchant_name, pix_merchant_city, default_iss_rate_bp)
     select ${agencyIdOf("a")}, 'cnpj', ${cnpjOf("40000000 + a")}, 'Agencia Bench ' || a, 'Sao Paulo', 200
       from generate_series(1, ${scale.agencies}) a`,
  );
}

async function insertCompanies(db: Queryable, scale: Scale, today: string): Promise<void> {
  const size = sizes(scale);
  await run(
    db,
    `insert into companies (id, agency_id, name, legal_name, document, email, phone, city, state, owner_id, created_at, updated_at)
     select ${idOf("company", "a", "c")}, ${agencyIdOf("a")}, x.name, x.name || ' Ltda', ${cnpjOf("a * 10000 + c")},
            'financeiro@cliente' || a || '-' || c || '.example.com', '(11) 9' || lpad(((a * 10000 + c) % 100000000)::text, 8, '0'),
            'São Paulo', 'SP', ${userIdOf(userOfAgency("a", "c", scale))}, x.created, x.created
       from generate_series(1, ${scale.agencies}) a
      cross join lateral generate_series(1, ${size.companies("a")}) c
      cross join lateral (
        select (${textArray(COMPANY_KINDS)})[1 + (c - 1) % ${COMPANY_KINDS.length}] || ' '
                 || (${textArray(COMPANY_NAMES)})[1 + ((c - 1) / ${COMPANY_KINDS.length}) % ${COMPANY_NAMES.length}]
                 || case when c > ${COMPANY_KINDS.length * COMPANY_NAMES.length}
                         then ' ' || (1 + (c - 1) / ${COMPANY_KINDS.length * COMPANY_NAMES.length}) else '' end as name,
               ${localTime(`'${today}'::date - ${HISTORY_DAYS + 30}`, "08:00", "c")} as created) x`,
  );
}

/** Monthly retainers: the first companies of each agency, started 24 months ago, active. */
async function insertSchedules(db: Queryable, scale: Scale, today: string): Promise<void> {
  const size = sizes(scale);
  await run(
    db,
    `insert into recurring_invoice_schedules (id, agency_id, company_id, description, amount_cents, frequency,
                                              day_of_month, due_days, start_date, active, email_on_generate, created_by,
                                              created_at, updated_at)
     select ${idOf("schedule", "a", "j")}, ${agencyIdOf("a")}, ${idOf("company", "a", "j")},
            (${textArray(RETAINER_SERVICES)})[1 + j % ${RETAINER_SERVICES.length}], ${retainerAmount("j")}, 'mensal',
            1 + j % 28, 10, x.start, true, j % 3 = 0, ${userIdOf(userOfAgency("a", "0", scale))},
            ${localTime("x.start", "08:00", "j")}, ${localTime("x.start", "08:00", "j")}
       from generate_series(1, ${scale.agencies}) a
      cross join lateral generate_series(1, ${size.retainers("a")}) j
      cross join lateral (select (date_trunc('month', '${today}'::date) - interval '${MONTHS} months')::date + j % 28 as start) x`,
  );
}

const retainerAmount = (j: string) => `(150000 + ((${j}) % 10) * 50000)::bigint`;

/** Line j of one-off invoice k of agency a: service index and quantity in hundredths. */
const serviceOf = (a: string, k: string, j: string) =>
  `(1 + ((${a}) * 7 + (${k}) * 3 + (${j}) * 5) % ${SERVICES.length})`;
const quantityOf = (service: string, k: string, j: string) =>
  `(case (array[${SERVICES.map((s) => s[3])}])[${service}]
         when 0 then 100
         when 1 then 100 * (1 + ((${k}) + (${j})) % 8)
         else 100 * (2 + ((${k}) * 7 + (${j})) % 38) + 50 * (((${k}) + (${j})) % 2) end)`;
const priceOf = (service: string) => `(array[${SERVICES.map((s) => s[2])}]::bigint[])[${service}]`;
/** lineTotalCents of money.ts: quantity × price, half-up to the centavo. */
const lineTotal = (quantity: string, price: string) => `((${quantity}) * (${price}) + 50) / 100`;

/**
 * One row per invoice to be: retainer invoices (schedule j, month m before this one, issued on the
 * schedule's day) and one-off invoices k = 1..n spread evenly over two years, the newest few drafts.
 */
async function createInvoicePlan(db: Queryable, scale: Scale, today: string): Promise<void> {
  const size = sizes(scale);
  const oneOffs = (a: string) => `(${size.invoices(a)} - ${MONTHS} * ${size.retainers(a)})`;
  await run(
    db,
    `create temp table bench_invoice_plan on commit drop as
     select p.*, ${idOf("invoice", "p.a", "p.key")} as id,
            ((p.a::bigint * 1000003 + p.key) * 2654435761) % 4294967296 as h,
            case when p.source = 'recorrente' then ${retainerAmount("p.c")}
                 else (select sum(${lineTotal(quantityOf(serviceOf("p.a", "p.k", "j"), "p.k", "j"), priceOf(serviceOf("p.a", "p.k", "j")))})
                         from generate_series(1, p.lines) j)::bigint end as subtotal
       from (
         select a, 'recorrente' as source, j as k, 10000000 + j * 100 + m as key, m, j as c, 1 as lines, false as draft,
                (date_trunc('month', '${today}'::date) - make_interval(months => m))::date + j % 28 as issue_date, 10 as due_days
           from generate_series(1, ${scale.agencies}) a
          cross join lateral generate_series(1, ${size.retainers("a")}) j
          cross join generate_series(1, ${MONTHS}) m
         union all
         select a, 'manual', k, k, 0, 1 + (k - 1) % ${size.companies("a")},
                1 + (k % 4 = 0)::int + (k % 12 = 0)::int, k > ${oneOffs("a")} - (1 + ${oneOffs("a")} / 400),
                '${today}'::date - ${HISTORY_DAYS} + ((k - 1)::bigint * ${HISTORY_DAYS} / ${oneOffs("a")})::int,
                (array[10, 15, 30])[1 + k % 3]
           from generate_series(1, ${scale.agencies}) a
          cross join lateral generate_series(1, ${oneOffs("a")}) k
       ) p`,
  );
}

/**
 * Invoices from the plan, in creation order (as an app writes them over time, agencies interleaved):
 * statuses by age (old ones nearly all paid, recent ones open or overdue), 2% cancelled.
 */
async function insertInvoices(db: Queryable, scale: Scale, today: string): Promise<void> {
  const day = `'${today}'::date`;
  await run(
    db,
    `insert into invoices (id, agency_id, number, company_id, schedule_id, period_key, source, status, issue_date, due_date,
                           discount_cents, iss_rate_bp, iss_withheld, subtotal_cents, total_cents, amount_due_cents,
                           paid_cents, paid_at, cancel_reason, cancelled_at, created_by, created_at, updated_at)
     select id, agency_id,
            case when status = 'rascunho' then null
                 else count(*) filter (where status <> 'rascunho') over (partition by agency_id order by created_at, id) end,
            company_id, schedule_id, period_key, source, status, issue_date, due_date, discount, iss_bp, withheld,
            subtotal, total, amount_due, paid, paid_at, cancel_reason, cancelled_at, created_by, created_at,
            greatest(created_at, coalesce(${localTime("paid_at", "18:00", "0")}, cancelled_at, created_at))
       from (
         select f.id, ${agencyIdOf("f.a")} as agency_id, ${idOf("company", "f.a", "f.c")} as company_id,
                case when f.source = 'recorrente' then ${idOf("schedule", "f.a", "f.c")} end as schedule_id,
                case when f.source = 'recorrente' then to_char(f.issue_date, 'YYYY-MM') end as period_key,
                f.source, s.status, f.issue_date, f.issue_date + f.due_days as due_date, t.discount, t.iss_bp, t.withheld,
                f.subtotal, t.total, t.amount_due,
                case s.status when 'paga' then t.amount_due when 'parcialmente_paga' then t.amount_due / 2 else 0 end as paid,
                case when s.status = 'paga'
                     then least(${day}, f.issue_date + ((f.h / 10000) % (f.due_days + 8))::int) end as paid_at,
                case when s.status = 'cancelada' then 'Emitida com valor incorreto; substituída por nova fatura' end as cancel_reason,
                case when s.status = 'cancelada' then ${localTime("f.issue_date + 1", "14:00", "f.h % 3600")} end as cancelled_at,
                case when f.source = 'recorrente' then ${userIdOf(userOfAgency("f.a", "0", scale))}
                     else ${userIdOf(userOfAgency("f.a", "f.k", scale))} end as created_by,
                ${localTime("f.issue_date", "09:00", "f.h % 32400")} as created_at
           from bench_invoice_plan f
          cross join lateral (
            select d.discount, d.iss_bp, d.iss_bp > 0 and f.k % 5 = 0 as withheld, f.subtotal - d.discount as total,
                   f.subtotal - d.discount
                     - case when d.iss_bp > 0 and f.k % 5 = 0 then ((f.subtotal - d.discount) * d.iss_bp + 5000) / 10000 else 0 end
                     as amount_due
              from (select case when f.source = 'manual' and f.k % 10 = 0 then f.subtotal * 5 / 100 else 0 end as discount,
                           case when f.source = 'manual' then (array[0, 0, 200, 500])[1 + f.k % 4] else 0 end as iss_bp) d
          ) t
          cross join lateral (
            select case when f.draft then 'rascunho'
                        when f.h % 100 < 2 then 'cancelada'
                        when ${day} - (f.issue_date + f.due_days) > 60
                          then (array['paga', 'parcialmente_paga', 'emitida'])[case when f.h / 100 % 100 < 98 then 1 when f.h / 100 % 100 < 99 then 2 else 3 end]
                        when ${day} - (f.issue_date + f.due_days) > 0
                          then (array['paga', 'parcialmente_paga', 'emitida'])[case when f.h / 100 % 100 < 80 then 1 when f.h / 100 % 100 < 88 then 2 else 3 end]
                        else (array['paga', 'parcialmente_paga', 'emitida'])[case when f.h / 100 % 100 < 35 then 1 when f.h / 100 % 100 < 45 then 2 else 3 end]
                   end as status
          ) s
       ) v
      order by created_at`,
  );
}

/** The lines of each planned invoice, the totals insertInvoices stored being their sum. */
async function insertInvoiceItems(db: Queryable): Promise<void> {
  const service = serviceOf("f.a", "f.k", "j");
  await run(
    db,
    `insert into invoice_items (agency_id, invoice_id, position, service, description, quantity, unit_price_cents, total_cents)
     select ${agencyIdOf("f.a")}, f.id, j,
            case when f.source = 'recorrente' then (${textArray(RETAINER_SERVICES)})[1 + f.c % ${RETAINER_SERVICES.length}]
                 else (${textArray(SERVICES.map((s) => s[0]))})[${service}] end,
            case when f.source = 'recorrente' then 'Período ' || to_char(f.issue_date, 'MM/YYYY')
                 else (${textArray(SERVICES.map((s) => s[1]))})[${service}] end,
            l.quantity / 100.0, l.price, ${lineTotal("l.quantity", "l.price")}
       from bench_invoice_plan f
      cross join lateral generate_series(1, f.lines) j
      cross join lateral (
        select case when f.source = 'recorrente' then 100 else ${quantityOf(service, "f.k", "j")} end as quantity,
               case when f.source = 'recorrente' then ${retainerAmount("f.c")} else ${priceOf(service)} end as price
      ) l`,
  );
}

/**
 * Exactly `scale.payments` payments: one per paid or partly paid invoice, and a second instalment
 * (half, then the rest) for as many paid invoices as it takes; each invoice's payments add up to
 * its paid amount, the last on its paid date. Inserted in the order they were recorded.
 */
async function insertPayments(db: Queryable, scale: Scale, today: string): Promise<void> {
  const [counts] = await queryRows<{ paid: number; partial: number }>(
    db,
    sql`select count(*) filter (where status = 'paga')::int as paid,
               count(*) filter (where status = 'parcialmente_paga')::int as partial from invoices`,
  );
  const instalments = scale.payments - counts.paid - counts.partial;
  if (instalments < 0 || instalments > counts.paid) {
    throw new Error(
      `${scale.payments} payments cannot fit ${counts.paid} paid and ${counts.partial} partly paid invoices`,
    );
  }
  await run(
    db,
    `insert into payments (agency_id, invoice_id, company_id, paid_on, amount_cents, method, notes, created_by, created_at)
     select agency_id, invoice_id, company_id, paid_on, amount, method, notes, created_by,
            ${localTime("paid_on", "10:00", "r % 28800 + part")} as created_at
       from (
         select i.agency_id, i.id as invoice_id, i.company_id, i.r, x.part,
                case when i.status = 'parcialmente_paga' then least('${today}'::date, i.issue_date + (i.due_date - i.issue_date) / 2)
                     when x.parts = 2 and x.part = 1 then i.issue_date + (i.paid_at - i.issue_date) / 2
                     else i.paid_at end as paid_on,
                case when x.parts = 1 then i.paid_cents when x.part = 1 then i.paid_cents / 2
                     else i.paid_cents - i.paid_cents / 2 end as amount,
                (${textArray(PAYMENT_METHODS)})[1 + i.r % ${PAYMENT_METHODS.length}] as method,
                case when i.r % 7 = 0 then 'Comprovante enviado por e-mail' end as notes,
                i.created_by
           from (select *, row_number() over (partition by status order by id) as r
                   from invoices where status in ('paga', 'parcialmente_paga')) i
          cross join lateral (
            select g as part, n as parts
              from (select case when i.status = 'paga' and i.r <= ${instalments} then 2 else 1 end as n) c
             cross join lateral generate_series(1, c.n) g
          ) x
       ) p
      order by created_at`,
  );
}

/** Each agency's counter at its last number, as allocateInvoiceNumber leaves it. */
async function insertInvoiceCounters(db: Queryable): Promise<void> {
  await run(
    db,
    `insert into invoice_counters (agency_id, last_number)
     select agency_id, max(number) from invoices where number is not null group by agency_id
     on conflict (agency_id) do update set last_number = excluded.last_number`,
  );
}

/**
 * Categories, and per month a set of expenses up to today. Rent and software recur monthly as
 * the recurrence job keeps them: an original two years back marked 'mensal', and one copy per later
 * month pointing at it (same day and amount, its period key), as the job would have made them.
 */
async function insertExpenses(db: Queryable, scale: Scale, today: string): Promise<void> {
  const size = sizes(scale);
  const category = (field: number) => `(${textArray(EXPENSES.map((e) => String(e[field])))})`;
  const original = idOf("expense", "a", "i");
  await run(
    db,
    `insert into expense_categories (id, agency_id, name, created_at)
     select ${idOf("expense-category", "a", "c")}, ${agencyIdOf("a")}, ${category(0)}[c],
            ${localTime(`'${today}'::date - ${HISTORY_DAYS + 30}`, "08:00", "c")}
       from generate_series(1, ${scale.agencies}) a cross join generate_series(1, ${EXPENSES.length}) c`,
  );
  await run(
    db,
    `insert into expenses (id, agency_id, category_id, supplier, description, spent_on, amount_cents, recurrence,
                           recurs_from, period_key, created_by, created_at)
     select case when recurring and m = ${MONTHS - 1} then ${original} else gen_random_uuid() end,
            ${agencyIdOf("a")}, ${idOf("expense-category", "a", "c")}, ${category(1)}[c], ${category(2)}[c], spent_on,
            (array[${EXPENSES.map((e) => e[3])}]::bigint[])[c] * (80 + (a + i + case when recurring then 0 else m * 7 end) % 40) / 100,
            case when recurring and m = ${MONTHS - 1} then 'mensal' else 'nenhuma' end,
            case when recurring and m < ${MONTHS - 1} then ${original} end,
            case when recurring and m < ${MONTHS - 1} then to_char(spent_on, 'YYYY-MM') end,
            ${userIdOf(userOfAgency("a", "0", scale))}, ${localTime("spent_on", "11:00", "i")}
       from (select a, m, i, c, ${category(4)}[c] = 'mensal' as recurring,
                    (date_trunc('month', '${today}'::date) - make_interval(months => m))::date + (i * 5) % 28 as spent_on
               from generate_series(1, ${scale.agencies}) a
              cross join generate_series(0, ${MONTHS - 1}) m
              cross join lateral generate_series(1, ${size.expensesPerMonth("a")}) i
              cross join lateral (select 1 + (i - 1) % ${EXPENSES.length} as c) k) e
      where spent_on <= '${today}'::date
      order by spent_on, a, i`,
  );
}

export async function hasFinanceData(db: Db, scale: Scale): Promise<boolean> {
  const [row] = await queryRows<{ invoices: number }>(db, sql`select count(*)::int as invoices from invoices`);
  return row.invoices >= scale.invoices;
}

/** The finance rows of every bench agency, bulk loaded (bulkLoad: indexes dropped for the insert, rebuilt after). */
export async function generateFinanceData(db: Db, scale: Scale, steps: Record<string, number>): Promise<void> {
  const today = dateInZone(new Date(), ZONE);
  // bulkLoad's work_mem: the numbering window and the creation-order inserts sort millions of rows in memory.
  await bulkLoad(db, { tables: FINANCE_BULK_TABLES, steps, indexStep: "financeIndexes" }, async (tx) => {
    await timed(steps, "financeClients", async () => {
      await insertAgencyFinanceProfile(tx, scale);
      await insertCompanies(tx, scale, today);
      await insertSchedules(tx, scale, today);
    });
    await timed(steps, "invoices", async () => {
      await createInvoicePlan(tx, scale, today);
      await insertInvoices(tx, scale, today);
    });
    await timed(steps, "invoiceItems", () => insertInvoiceItems(tx));
    await timed(steps, "payments", () => insertPayments(tx, scale, today));
    await timed(steps, "expenses", async () => {
      await insertInvoiceCounters(tx);
      await insertExpenses(tx, scale, today);
    });
  });
}
