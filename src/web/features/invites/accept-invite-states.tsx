import { Button, Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck, IconLinkOff } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

export function InviteFrame({ children }: { children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" component="main" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={480}>
        {children}
      </Paper>
    </Center>
  );
}

export function InviteLoading({ label }: { label: string }) {
  return (
    <InviteFrame>
      <Stack align="center" role="status" aria-live="polite">
        <Loader />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </InviteFrame>
  );
}

/** The 'Link Inválido' page of spec §2.11, with the reason. */
export function InvalidInviteLink({ message, signedOut = false }: { message: string; signedOut?: boolean }) {
  return (
    <InviteFrame>
      <Stack align="center" ta="center">
        <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
          <IconLinkOff size={30} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          Link Inválido
        </Title>
        <Text role="alert">{message}</Text>
        <Button component={Link} to={signedOut ? "/auth" : "/dashboard"} variant="light">
          {signedOut ? "Ir para o login" : "Voltar ao Dashboard"}
        </Button>
      </Stack>
    </InviteFrame>
  );
}

export function InviteAccepted({ message }: { message: string }) {
  return (
    <InviteFrame>
      <Stack align="center" ta="center" role="status" aria-live="polite">
        <ThemeIcon size={56} radius="xl" color="green" variant="light" aria-hidden>
          <IconCircleCheck size={30} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          Bem-vindo à agência!
        </Title>
        <Text>{message}</Text>
        <Loader size="sm" />
      </Stack>
    </InviteFrame>
  );
}
