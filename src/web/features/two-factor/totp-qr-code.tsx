import { Center, Image, Loader } from "@mantine/core";
import { useEffect, useState } from "react";

/** The otpauth:// URI as a QR code; the qrcode library loads only when this screen needs it. */
export function TotpQrCode({ uri }: { uri: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void import("qrcode")
      .then((qrcode) => qrcode.toDataURL(uri, { width: 200, margin: 1 }))
      .then((url) => {
        if (isCurrent) setDataUrl(url);
      });
    return () => {
      isCurrent = false;
    };
  }, [uri]);
  if (!dataUrl)
    return (
      <Center w={200} h={200}>
        <Loader role="status" size="sm" aria-label="Gerando QR code..." />
      </Center>
    );
  return <Image src={dataUrl} w={200} h={200} alt="QR code para o aplicativo autenticador" />;
}

/** The base32 secret inside the URI, for people who type it instead of scanning. */
export function secretOf(uri: string): string {
  try {
    return new URL(uri).searchParams.get("secret") ?? "";
  } catch {
    return "";
  }
}
