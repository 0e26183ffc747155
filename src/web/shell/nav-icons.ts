import {
  type Icon,
  IconAddressBook,
  IconBrain,
  IconChartPie,
  IconCoin,
  IconFileText,
  IconFolders,
  IconInbox,
  IconLayoutDashboard,
  IconPlugConnected,
  IconSettings,
  IconTargetArrow,
  IconUserShield,
} from "@tabler/icons-react";

/** One icon per sidebar entry, by NavItem key. */
export const NAV_ICONS: Record<string, Icon> = {
  dashboard: IconLayoutDashboard,
  inbox: IconInbox,
  crm: IconAddressBook,
  projetos: IconFolders,
  financeiro: IconCoin,
  configuracoes: IconSettings,
  estrategia: IconTargetArrow,
  "ia-automacao": IconBrain,
  documentos: IconFileText,
  "portal-cliente": IconUserShield,
  integracoes: IconPlugConnected,
  relatorios: IconChartPie,
};
