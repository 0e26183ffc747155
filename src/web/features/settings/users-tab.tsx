import { UserManagement } from "./users/user-management.tsx";

/** Configurações › Usuários e Permissões (spec §2.8). */
export default function UsersTab() {
  return <UserManagement />;
}
