// Static sample data of spec §2.10 and §3 (Contact, Opportunity): these screens have no backend yet.

export type PipelineStage = "leads" | "qualificados" | "proposta" | "negociacao" | "fechados";

export const PIPELINE_STAGES: { id: PipelineStage; label: string; count: number; total: number; color: string }[] = [
  { id: "leads", label: "Leads", count: 12, total: 84000, color: "gray" },
  { id: "qualificados", label: "Qualificados", count: 8, total: 62500, color: "blue" },
  { id: "proposta", label: "Proposta", count: 5, total: 48000, color: "violet" },
  { id: "negociacao", label: "Negociação", count: 3, total: 39000, color: "orange" },
  { id: "fechados", label: "Fechados", count: 2, total: 27500, color: "green" },
];

export type Opportunity = { id: string; title: string; value: number; stage: PipelineStage; contact: string };

export const SAMPLE_OPPORTUNITIES: Opportunity[] = [
  { id: "1", title: "Gestão de redes sociais", value: 4500, stage: "leads", contact: "Pet Shop Amigo Fiel" },
  { id: "2", title: "Site institucional", value: 9800, stage: "leads", contact: "Ótica Visão Clara" },
  {
    id: "3",
    title: "Campanha de inauguração",
    value: 6500,
    stage: "qualificados",
    contact: "Restaurante Sabor da Terra",
  },
  { id: "4", title: "Tráfego pago trimestral", value: 15000, stage: "proposta", contact: "Escola de Idiomas Fluente" },
  { id: "5", title: "Branding completo", value: 24000, stage: "negociacao", contact: "Imobiliária Chave de Ouro" },
  { id: "6", title: "Clube de assinatura", value: 7500, stage: "fechados", contact: "Café Grão Mineiro" },
];

export type ContactStatus = "ativo" | "lead" | "cliente";

export type Contact = {
  id: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  position: string;
  status: ContactStatus;
  /** ISO date of the last contact. */
  lastContact: string;
};

export const SAMPLE_CONTACTS: Contact[] = [
  {
    id: "1",
    name: "Mariana Costa",
    email: "mariana@paodourado.com.br",
    phone: "(11) 3456-7890",
    company: "Pão Dourado Ltda",
    position: "Sócia-diretora",
    status: "cliente",
    lastContact: "2026-11-18T14:30:00-03:00",
  },
  {
    id: "2",
    name: "Ricardo Almeida",
    email: "ricardo@sabordaterra.com.br",
    phone: "(11) 98765-4321",
    company: "Sabor da Terra",
    position: "Gerente de Marketing",
    status: "lead",
    lastContact: "2026-11-20T10:00:00-03:00",
  },
  {
    id: "3",
    name: "Fernanda Lima",
    email: "fernanda@sorrisoleve.com.br",
    phone: "(11) 2233-4455",
    company: "Sorriso Leve Odontologia",
    position: "Coordenadora",
    status: "ativo",
    lastContact: "2026-11-12T16:45:00-03:00",
  },
  {
    id: "4",
    name: "Paulo Henrique",
    email: "paulo@chavedeouro.com.br",
    phone: "(31) 99876-5432",
    company: "Chave de Ouro Imóveis",
    position: "Diretor Comercial",
    status: "lead",
    lastContact: "2026-11-02T09:15:00-03:00",
  },
  {
    id: "5",
    name: "Juliana Prado",
    email: "juliana@graomineiro.com.br",
    phone: "(31) 98888-7766",
    company: "Grão Mineiro Cafés Especiais",
    position: "Fundadora",
    status: "cliente",
    lastContact: "2026-10-28T11:20:00-03:00",
  },
];

export const CONTACT_STATUS: Record<ContactStatus, { label: string; color: string }> = {
  ativo: { label: "Ativo", color: "blue" },
  lead: { label: "Lead", color: "orange" },
  cliente: { label: "Cliente", color: "green" },
};

export const FINANCE_SUMMARY = { revenue: 128450, expenses: 74320 };
