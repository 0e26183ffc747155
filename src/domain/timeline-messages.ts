// Apart from the zod schemas: the dashboard's first load reads these, and must not carry zod (~90 KB).
export const TIMELINE_MESSAGES = {
  notFound: "Registro não encontrado",
  empty: "Nenhuma atividade registrada",
  loadFailed: "Erro ao carregar o histórico",
} as const;
