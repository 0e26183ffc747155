import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconMailOpened } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ROLE_LABELS } from "#domain/roles.ts";
import { INVITE_ACCEPTANCE_MESSAGES as M } from "#domain/schemas/invite-acceptance.ts";
import { formatDateTime } from "../../lib/format.ts";
import { ME_QUERY_KEY, useMe } from "../../lib/session.ts";
import { acceptInviteToken, fetchInviteSummary } from "./accept-invite-api.ts";
import { InvalidInviteLink, InviteAccepted, InviteFrame, InviteLoading } from "./accept-invite-states.tsx";
import { InviteLanding } from "./invite-landing.tsx";

const REDIRECT_DELAY_MS = 2000; // spec §9: invite redirect delay

/** /accept-invite/:token (spec §2.11): loading, then error or ready; ready goes to success or error. */
export default function AcceptInvitePage() {
  const { token } = useParams();
  const me = useMe();
  if (!token) return <InvalidInviteLink message={M.missingToken} />;
  if (me.isPending) return <InviteLoading label="Carregando convite..." />;
  if (me.isError) return <InvalidInviteLink message={me.error.message || M.acceptFailed} />;
  if (!me.data) return <InviteLanding token={token} />;
  return <InviteForUser token={token} />;
}

function InviteForUser({ token }: { token: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [successMessage, setSuccessMessage] = useState<string | null>(null);
  const summary = useQuery({
    queryKey: ["invite-by-token", token],
    queryFn: () => fetchInviteSummary(token),
    retry: false,
    enabled: successMessage === null,
  });
  const accept = useMutation({
    mutationFn: () => acceptInviteToken(token),
    onSuccess: async (result) => {
      notifications.show({ title: "Sucesso", message: result.message, color: "green" });
      setSuccessMessage(M.redirecting);
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
    onError: (error) => notifications.show({ title: "Erro", message: error.message, color: "red" }),
  });

  useEffect(() => {
    if (!successMessage) return;
    const timer = setTimeout(() => navigate("/dashboard", { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [successMessage, navigate]);

  if (successMessage) return <InviteAccepted message={successMessage} />;
  if (summary.isPending) return <InviteLoading label="Carregando convite..." />;
  if (summary.isError) return <InvalidInviteLink message={summary.error.message || M.invalid} />;
  if (accept.isError) return <InvalidInviteLink message={accept.error.message || M.acceptFailed} />;

  const invite = summary.data;
  return (
    <InviteFrame>
      <Stack>
        <Group gap="xs">
          <IconMailOpened size={28} color="var(--mantine-color-blue-7)" aria-hidden />
          <Title order={1} fz="h2">
            Convite para {invite.agencyName}
          </Title>
        </Group>
        <Text>
          Você foi convidado para fazer parte da agência <strong>{invite.agencyName}</strong> com a função{" "}
          <strong>{ROLE_LABELS[invite.role]}</strong>.
        </Text>
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Convite enviado para: {invite.email}
          </Text>
          <Text size="sm" c="dimmed">
            Válido até {formatDateTime(invite.expiresAt)}
          </Text>
        </Stack>
        {!invite.isForCurrentUser && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
            {M.otherEmail}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate("/dashboard")}>
            Recusar
          </Button>
          <Button onClick={() => accept.mutate()} loading={accept.isPending} disabled={!invite.isForCurrentUser}>
            Aceitar Convite
          </Button>
        </Group>
      </Stack>
    </InviteFrame>
  );
}
