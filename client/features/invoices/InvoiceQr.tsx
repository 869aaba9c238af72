import { create } from 'qrcode';
import { useMemo } from 'react';

/**
 * The invoice's QR code drawn on the device from its `qr` field (ZATCA's base64 TLV: the
 * seller, VAT number, time, totals, hash, signature and key), so it shows offline too. One
 * SVG path of the dark modules inside the quiet zone; it scales and prints sharp.
 */
export function InvoiceQr({ value, label, size = 160 }: { value: string; label: string; size?: number }) {
  const { path, count } = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    }
    return { path: d, count: modules.size + 8 };
  }, [value]);
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${count} ${count}`} shapeRendering="crispEdges" data-testid="invoice-qr">
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
