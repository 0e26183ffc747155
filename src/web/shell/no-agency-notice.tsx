import { Alert, Text } from "@mantine/core";
import { Link } from "react-router";

/**
 * What an agency screen says to a signed-in user with no agency (a platform super admin, or someone
 * not yet invited): the screen belongs to an agency, and where to go instead — never an error.
 */
export function NoAgencyNotice({ subject, isSuperAdmin }: { subject: string; isSuperAdmin: boolean }) {
  return (
    <Alert color="blue" title="Sem agência vinculada">
      <Text size="sm">
        {subject} pertencem a uma agência, e sua conta não está vinculada a nenhuma.
        {isSuperAdmin ? " Gerencie as agências da plataforma no " : " Peça um convite ao gestor da sua agência."}
        {isSuperAdmin && <Link to="/dashboard">Painel Super Admin</Link>}
        {isSuperAdmin && "."}
      </Text>
    </Alert>
  );
}
