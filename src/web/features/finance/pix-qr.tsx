import { Image, Skeleton } from "@mantine/core";
import QRCode from "qrcode";
import { useEffect, useState } from "react";

/** The Pix code drawn as a QR image (made in the browser from the code the server built). */
export function PixQr({ code }: { code: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(code, { errorCorrectionLevel: "M", margin: 2, width: 200 }).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [code]);
  return src ? <Image src={src} w={180} h={180} alt="QR Code Pix da fatura" /> : <Skeleton w={180} h={180} />;
}
