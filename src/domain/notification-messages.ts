// Apart from the zod schemas: the header's bell (first load of every screen) reads these, and must not carry zod.
export const NOTIFICATION_MESSAGES = {
  notFound: "Notificação não encontrada",
  empty: "Nenhuma notificação",
  emptyUnread: "Nenhuma notificação não lida",
  loadFailed: "Erro ao carregar notificações",
  allRead: "Todas as notificações foram marcadas como lidas",
} as const;
