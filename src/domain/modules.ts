export const MODULE_CATEGORIES = [
  "Core",
  "CRM",
  "Financeiro",
  "Projetos",
  "Inbox",
  "Estratégia",
  "IA",
  "Documentos",
  "Portal Cliente",
  "Integrações",
  "Atendimento",
  "Admin",
] as const;

export type ModuleCategory = (typeof MODULE_CATEGORIES)[number];

type CatalogueEntry = { label: string; description: string; category: ModuleCategory };

/** The permission module catalogue of spec §3, in display order. */
export const MODULE_CATALOGUE = {
  dashboard: { label: "Dashboard", description: "Visão geral da agência", category: "Core" },
  configuracoes: { label: "Configurações", description: "Perfil e configurações da agência", category: "Core" },
  users: { label: "Usuários", description: "Gestão de usuários, convites e funções", category: "Core" },
  reports: { label: "Relatórios", description: "Relatórios gerais da agência", category: "Core" },
  crm_pipelines: { label: "Pipelines", description: "Funil de vendas e oportunidades", category: "CRM" },
  crm_contatos: { label: "Contatos", description: "Cadastro de contatos e clientes", category: "CRM" },
  crm_relatorios: { label: "Relatórios de CRM", description: "Indicadores comerciais", category: "CRM" },
  crm_automations: { label: "Automações de CRM", description: "Regras automáticas do funil", category: "CRM" },
  leads: { label: "Leads", description: "Captação e qualificação de leads", category: "CRM" },
  financeiro_orcamentos: { label: "Orçamentos", description: "Propostas e orçamentos", category: "Financeiro" },
  financeiro_faturas: { label: "Faturas", description: "Emissão e controle de faturas", category: "Financeiro" },
  financeiro_pagamentos: { label: "Pagamentos", description: "Recebimentos e pagamentos", category: "Financeiro" },
  financeiro_relatorios: {
    label: "Relatórios Financeiros",
    description: "Resultados financeiros",
    category: "Financeiro",
  },
  projects: { label: "Projetos", description: "Projetos da agência", category: "Projetos" },
  projetos_calendario: { label: "Calendário", description: "Agenda de entregas e reuniões", category: "Projetos" },
  projetos_tarefas: { label: "Tarefas", description: "Quadro de tarefas", category: "Projetos" },
  projetos_clientes: { label: "Clientes", description: "Clientes dos projetos", category: "Projetos" },
  projetos_tempo: { label: "Controle de Tempo", description: "Apontamento de horas", category: "Projetos" },
  projetos_relatorios: { label: "Relatórios de Projetos", description: "Andamento e entregas", category: "Projetos" },
  customers: { label: "Clientes (base)", description: "Base de clientes da agência", category: "Projetos" },
  tasks: { label: "Tarefas (base)", description: "Tarefas atribuídas", category: "Projetos" },
  inbox_conversas: { label: "Conversas", description: "Mensagens com clientes", category: "Inbox" },
  inbox_emails: { label: "E-mails", description: "Caixa de e-mails", category: "Inbox" },
  inbox_chamadas: { label: "Chamadas", description: "Registro de chamadas", category: "Inbox" },
  estrategia_campanhas: { label: "Campanhas", description: "Planejamento de campanhas", category: "Estratégia" },
  estrategia_automacoes: {
    label: "Automações de Marketing",
    description: "Fluxos de marketing",
    category: "Estratégia",
  },
  estrategia_analytics: { label: "Analytics", description: "Métricas de campanhas", category: "Estratégia" },
  ia_workflows: { label: "Workflows", description: "Fluxos automatizados com IA", category: "IA" },
  ia_chatbots: { label: "Chatbots", description: "Assistentes de atendimento", category: "IA" },
  ia_templates: { label: "Templates de IA", description: "Modelos de prompts e conteúdos", category: "IA" },
  documentos_biblioteca: { label: "Biblioteca", description: "Arquivos e materiais", category: "Documentos" },
  documentos_templates: {
    label: "Templates de Documentos",
    description: "Modelos de documentos",
    category: "Documentos",
  },
  documentos_contratos: { label: "Contratos", description: "Contratos com clientes", category: "Documentos" },
  portal_configuracoes: {
    label: "Configurações do Portal",
    description: "Aparência e acesso do portal",
    category: "Portal Cliente",
  },
  portal_permissoes: {
    label: "Permissões do Portal",
    description: "Sistema de permissões",
    category: "Portal Cliente",
  },
  portal_relatorios: {
    label: "Relatórios do Portal",
    description: "Relatórios para clientes",
    category: "Portal Cliente",
  },
  integracoes: { label: "Integrações", description: "Conexões com outras ferramentas", category: "Integrações" },
  tickets: { label: "Tickets", description: "Chamados de suporte", category: "Atendimento" },
  agencies: { label: "Agências", description: "Gestão de agências (super admin)", category: "Admin" },
  audit_logs: { label: "Logs de Auditoria", description: "Registro de ações", category: "Admin" },
} as const satisfies Record<string, CatalogueEntry>;

export type Module = keyof typeof MODULE_CATALOGUE;

export const MODULES = Object.keys(MODULE_CATALOGUE) as Module[];

export function isModule(value: unknown): value is Module {
  return typeof value === "string" && Object.hasOwn(MODULE_CATALOGUE, value);
}
