import { Anchor, Box, Container, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The centred card of the public account pages (forgot and reset password). */
export function AuthCardLayout({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <Box component="main" bg="gray.0" mih="100vh" py={{ base: 32, sm: 64 }}>
      <Container size={460}>
        <Stack gap="lg">
          <div>
            <Title order={1} fz={28}>
              {title}
            </Title>
            <Text c="dimmed" mt={4}>
              {text}
            </Text>
          </div>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: "lg", sm: "xl" }}>
            {children}
          </Paper>
          <Anchor component={Link} to="/auth" size="sm">
            Voltar para o login
          </Anchor>
        </Stack>
      </Container>
    </Box>
  );
}
