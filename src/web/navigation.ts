import type { Module } from "#domain/modules.ts";

export type NavChild = {
  slug: string;
  label: string;
  description: string;
  /** The permission module that gates the entry; none means always visible. */
  module?: Module;
};

export type NavItem = {
  key: string;
  label: string;
  path: string;
  module?: Module;
  description: string;
  children: NavChild[];
};

export type NavSection = { title: "Principal" | "Ferramentas"; items: NavItem[] };

/** The sidebar of spec §2.3: used by the router, the sidebar, the command palette and the tests. */
export const NAVIGATION: NavSection[] = [
  {
    title: "Principal",
    items: [
      {
        key: "dashboard",
        label: "Dashboard",
        path: "/dashboard",
        module: "dashboard",
        description: "Visão geral da agência",
        children: [],
      },
      {
        key: "inbox",
        label: "Caixa de Entrada",
        path: "/app/inbox",
        description: "Todas as conversas com clientes em um só lugar",
        children: [
          {
            slug: "conversas",
            label: "Conversas",
            module: "inbox_conversas",
            description: "Mensagens de WhatsApp, chat e redes sociais",
          },
          {
            slug: "chamadas",
            label: "Chamadas",
            module: "inbox_chamadas",
            description: "Histórico e agendamento de chamadas",
          },
          {
            slug: "emails",
            label: "E-mails",
            module: "inbox_emails",
            description: "Caixa de e-mails compartilhada da equipe",
          },
        ],
      },
      {
        key: "crm",
        label: "CRM",
        path: "/app/crm",
        description: "Relacionamento com leads e clientes",
        children: [
          {
            slug: "pipelines",
            label: "Pipelines",
            module: "crm_pipelines",
            description: "Funil de vendas em quadro Kanban",
          },
          {
            slug: "contatos",
            label: "Contatos",
            module: "crm_contatos",
            description: "Base de contatos, leads e clientes",
          },
          {
            slug: "relatorios",
            label: "Relatórios",
            module: "crm_relatorios",
            description: "Indicadores comerciais e de conversão",
          },
        ],
      },
      {
        key: "projetos",
        label: "Projetos",
        path: "/app/projetos",
        module: "projects",
        description: "Planejamento e entrega dos projetos da agência",
        children: [
          {
            slug: "visao-geral",
            label: "Visão Geral",
            module: "projects",
            description: "Resumo dos projetos em andamento",
          },
          {
            slug: "calendario",
            label: "Calendário",
            module: "projetos_calendario",
            description: "Entregas, prazos e reuniões",
          },
          { slug: "tarefas", label: "Tarefas", module: "projetos_tarefas", description: "Quadro de tarefas da equipe" },
          { slug: "clientes", label: "Clientes", module: "projetos_clientes", description: "Clientes e seus projetos" },
          {
            slug: "tempo",
            label: "Controle de Tempo",
            module: "projetos_tempo",
            description: "Apontamento de horas por projeto",
          },
        ],
      },
      {
        key: "financeiro",
        label: "Financeiro",
        path: "/app/financeiro",
        description: "Receitas, despesas e cobranças",
        children: [
          {
            slug: "visao-geral",
            label: "Visão Geral",
            // Its figures are invoices and payments, which only the invoices module reads (decision 026).
            module: "financeiro_faturas",
            description: "Receitas, despesas e lucro do período",
          },
          {
            slug: "orcamentos",
            label: "Orçamentos",
            module: "financeiro_orcamentos",
            description: "Propostas comerciais e orçamentos",
          },
          {
            slug: "faturas",
            label: "Faturas",
            module: "financeiro_faturas",
            description: "Emissão e acompanhamento de faturas",
          },
          {
            slug: "pagamentos",
            label: "Pagamentos",
            module: "financeiro_pagamentos",
            description: "Recebimentos e contas a pagar",
          },
        ],
      },
      {
        key: "configuracoes",
        label: "Configurações",
        path: "/app/configuracoes",
        module: "configuracoes",
        description: "Perfil da agência, usuários e sistema",
        children: [],
      },
    ],
  },
  {
    title: "Ferramentas",
    items: [
      {
        key: "estrategia",
        label: "Estratégia",
        path: "/app/estrategia",
        description: "Campanhas, automações e métricas",
        children: [
          {
            slug: "campanhas",
            label: "Campanhas",
            module: "estrategia_campanhas",
            description: "Planejamento e acompanhamento de campanhas",
          },
          {
            slug: "automacoes",
            label: "Automações",
            module: "estrategia_automacoes",
            description: "Fluxos de marketing automatizados",
          },
          {
            slug: "analytics",
            label: "Analytics",
            module: "estrategia_analytics",
            description: "Métricas e resultados das campanhas",
          },
        ],
      },
      {
        key: "ia-automacao",
        label: "IA & Automação",
        path: "/app/ia-automacao",
        description: "Inteligência artificial a serviço da operação",
        children: [
          {
            slug: "workflows",
            label: "Workflows",
            module: "ia_workflows",
            description: "Fluxos de trabalho automatizados com IA",
          },
          {
            slug: "chatbots",
            label: "Chatbots",
            module: "ia_chatbots",
            description: "Assistentes virtuais de atendimento",
          },
          {
            slug: "templates",
            label: "Templates",
            module: "ia_templates",
            description: "Modelos de prompts e conteúdos",
          },
        ],
      },
      {
        key: "documentos",
        label: "Documentos",
        path: "/app/documentos",
        description: "Arquivos, modelos e contratos",
        children: [
          {
            slug: "biblioteca",
            label: "Biblioteca",
            module: "documentos_biblioteca",
            description: "Arquivos e materiais da agência",
          },
          {
            slug: "templates",
            label: "Templates",
            module: "documentos_templates",
            description: "Modelos de documentos",
          },
          {
            slug: "contratos",
            label: "Contratos",
            module: "documentos_contratos",
            description: "Contratos com clientes",
          },
        ],
      },
      {
        key: "portal-cliente",
        label: "Portal Cliente",
        path: "/app/portal-cliente",
        description: "A área exclusiva dos seus clientes",
        children: [
          {
            slug: "configuracoes",
            label: "Configurações",
            module: "portal_configuracoes",
            description: "Aparência e acesso do portal",
          },
          {
            slug: "permissoes",
            label: "Permissões",
            module: "portal_permissoes",
            description: "Sistema de Permissões",
          },
          {
            slug: "relatorios",
            label: "Relatórios",
            module: "portal_relatorios",
            description: "Relatórios compartilhados com clientes",
          },
        ],
      },
      {
        key: "integracoes",
        label: "Integrações",
        path: "/app/integracoes",
        module: "integracoes",
        description: "Conexões com outras ferramentas",
        children: [],
      },
    ],
  },
];

export const NAV_ITEMS: NavItem[] = NAVIGATION.flatMap((section) => section.items);

export function childPath(item: NavItem, child: NavChild): string {
  return `${item.path}/${child.slug}`;
}

/** Strips a leading /app so /crm and /app/crm match the same parent (spec §2.3). */
export function withoutAppPrefix(path: string): string {
  return path.replace(/^\/app(?=\/|$)/, "") || "/";
}

export function isActiveParent(item: NavItem, pathname: string): boolean {
  const target = withoutAppPrefix(item.path);
  const current = withoutAppPrefix(pathname);
  return current === target || current.startsWith(`${target}/`);
}
