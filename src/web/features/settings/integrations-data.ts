/** The Integrações tab is static sample data in the spec (§2.8, §3, §4); its buttons do nothing yet. */
export type IntegrationStatus = "connected" | "disconnected" | "error";

export type Integration = {
  id: string;
  name: string;
  description: string;
  status: IntegrationStatus;
  lastSync: string;
  error?: string;
};

export const INTEGRATIONS: readonly Integration[] = [
  {
    id: "google-workspace",
    name: "Google Workspace",
    description: "Agenda, Gmail e Drive sincronizados com projetos e contatos.",
    status: "connected",
    lastSync: "há 5 minutos",
  },
  {
    id: "whatsapp-business",
    name: "WhatsApp Business",
    description: "Conversas com clientes direto na Caixa de Entrada.",
    status: "connected",
    lastSync: "há 2 minutos",
  },
  {
    id: "stripe",
    name: "Stripe",
    description: "Cobranças, assinaturas e pagamentos das faturas.",
    status: "connected",
    lastSync: "há 1 hora",
  },
  {
    id: "hubspot",
    name: "HubSpot",
    description: "Importação de leads e negócios do CRM.",
    status: "error",
    lastSync: "há 3 dias",
    error: "Token expirado",
  },
  {
    id: "mailchimp",
    name: "Mailchimp",
    description: "Listas de contatos e campanhas de e-mail marketing.",
    status: "disconnected",
    lastSync: "nunca",
  },
  {
    id: "calendly",
    name: "Calendly",
    description: "Agendamento de reuniões com leads e clientes.",
    status: "disconnected",
    lastSync: "nunca",
  },
];

export const STATUS_BADGES: Record<IntegrationStatus, { label: string; color: string }> = {
  connected: { label: "Conectado", color: "green" },
  error: { label: "Com problemas", color: "red" },
  disconnected: { label: "Desconectado", color: "gray" },
};

/** Spec §4: the buttons each status offers (inert). */
export const STATUS_ACTIONS: Record<IntegrationStatus, readonly string[]> = {
  connected: ["Configurar", "Desconectar"],
  error: ["Reconfigurar", "Reconectar"],
  disconnected: ["Conectar"],
};

export const GENERAL_TOGGLES = [
  {
    id: "auto-sync",
    label: "Sincronização automática",
    description: "Sincronizar os dados das integrações periodicamente",
  },
  {
    id: "error-notifications",
    label: "Notificações de erro",
    description: "Avisar quando uma integração falhar",
  },
  {
    id: "activity-log",
    label: "Log de atividades",
    description: "Registrar todas as operações das integrações",
  },
] as const;

export function summarize(integrations: readonly Integration[]) {
  return {
    connected: integrations.filter((i) => i.status === "connected").length,
    withProblems: integrations.filter((i) => i.status === "error").length,
    total: integrations.length,
  };
}
