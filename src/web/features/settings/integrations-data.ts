/**
 * The tools the Integrações tab will connect (spec §2.8). None is connected yet: the screen says so
 * instead of showing a sync time or an error that never happened.
 */
export type Integration = { id: string; name: string; description: string };

export const INTEGRATIONS: readonly Integration[] = [
  {
    id: "google-workspace",
    name: "Google Workspace",
    description: "Agenda, Gmail e Drive sincronizados com projetos e contatos.",
  },
  {
    id: "whatsapp-business",
    name: "WhatsApp Business",
    description: "Conversas com clientes direto na Caixa de Entrada.",
  },
  { id: "stripe", name: "Stripe", description: "Cobranças, assinaturas e pagamentos das faturas." },
  { id: "hubspot", name: "HubSpot", description: "Importação de leads e negócios do CRM." },
  { id: "mailchimp", name: "Mailchimp", description: "Listas de contatos e campanhas de e-mail marketing." },
  { id: "calendly", name: "Calendly", description: "Agendamento de reuniões com leads e clientes." },
];
