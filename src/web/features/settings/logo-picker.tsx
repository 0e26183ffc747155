import { Avatar, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { IconBuilding, IconUpload, IconX } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { AGENCY_PROFILE_MESSAGES, LOGO_MAX_BYTES } from "#domain/schemas/agency-profile.ts";

/** The browser's checks of spec §5; the server checks the file's content again. */
export function logoFileProblem(file: File): string | null {
  if (!file.type.startsWith("image/")) return AGENCY_PROFILE_MESSAGES.logoNotImage;
  if (file.size > LOGO_MAX_BYTES) return AGENCY_PROFILE_MESSAGES.logoTooLarge;
  return null;
}

type Props = {
  currentUrl: string | null;
  agencyName: string;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
};

/** Current logo, or a local preview of the chosen file that can be cleared before saving. */
export function LogoPicker({ currentUrl, agencyName, file, onChange, disabled }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    const found = logoFileProblem(chosen);
    setProblem(found);
    onChange(found ? null : chosen);
  };

  return (
    <Group align="center" gap="lg" wrap="nowrap">
      <Avatar
        src={previewUrl ?? currentUrl}
        alt={previewUrl ? "Pré-visualização da nova logo" : `Logo da ${agencyName}`}
        size={96}
        radius="md"
        color="blue"
        data-testid="agency-logo"
      >
        <IconBuilding size={40} />
      </Avatar>
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton onChange={choose} accept="image/png,image/jpeg,image/gif,image/webp" disabled={disabled}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconUpload size={16} />}>
                {currentUrl ? "Alterar logo" : "Enviar logo"}
              </Button>
            )}
          </FileButton>
          {file && (
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconX size={16} />}
              onClick={() => onChange(null)}
              disabled={disabled}
            >
              Remover seleção
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {AGENCY_PROFILE_MESSAGES.logoHint}
        </Text>
        {file && (
          <Text size="xs" c="blue">
            {file.name} será enviada ao salvar.
          </Text>
        )}
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
