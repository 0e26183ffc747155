export const common = {
  productName: "Nexo",
  productSubtitle: "Sistema Operacional",
  tagline: "A plataforma com IA que integra 14 módulos para operar sua agência de marketing digital.",
  loading: "Carregando...",
  checkingPermissions: "Verificando permissões...",
  getStarted: "Começar agora",
  notFound: { title: "Oops! Page not found", back: "Voltar para o início" },
  errorBoundary: { title: "Algo deu errado", retry: "Tentar novamente" },
} as const;
