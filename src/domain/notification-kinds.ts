/**
 * Every kind of notification, with what the preferences screen says about it. A module that
 * notifies of something new adds its line here (notifyUsers only takes these kinds), so each
 * user can choose whether it also comes by e-mail.
 */
export const NOTIFICATION_KINDS = {
  task_assigned: {
    label: "Tarefa atribuída a você",
    description: "Alguém adicionou você como responsável por uma tarefa.",
  },
  mentioned: { label: "Menção em comentário", description: "Alguém mencionou você no comentário de uma tarefa." },
  meeting_scheduled: { label: "Reunião agendada", description: "Você foi convidado para uma reunião da agenda." },
  deal_assigned: { label: "Oportunidade atribuída a você", description: "Uma oportunidade do CRM passou a ser sua." },
  quote_accepted: { label: "Orçamento aceito", description: "O cliente aceitou um orçamento que você criou." },
  quote_declined: { label: "Orçamento recusado", description: "O cliente recusou um orçamento que você criou." },
  invoice_paid: { label: "Fatura paga", description: "Um pagamento quitou uma fatura que você emitiu." },
  invite_accepted: { label: "Convite aceito", description: "Uma pessoa que você convidou entrou na agência." },
} as const satisfies Record<string, { label: string; description: string }>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_LIST = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

/**
 * Without a choice of the user's own, every kind comes by e-mail too: each one is about the user
 * directly (assigned to them, mentioning them, their quote or invoice, their invite). The agency's
 * switch (Configurações › Sistema › Notificações por e-mail) turns them all off.
 */
export const DEFAULT_EMAIL_PREFERENCE = true;

export function isNotificationKind(kind: string): kind is NotificationKind {
  return Object.hasOwn(NOTIFICATION_KINDS, kind);
}
