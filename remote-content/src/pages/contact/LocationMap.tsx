/**
 * A drawn sketch of where the office is (no map script, no third-party tiles): a few streets, the park and a pin
 * labelled with the company's name. The directions link beside it opens a real map.
 */
export function LocationMap({ name, address }: { name: string; address: string }) {
  return (
    <svg className="rc-location-map" viewBox="0 0 480 240" role="img" aria-label={`位置示意图：${name}，${address}`}>
      <rect width="480" height="240" fill="#eef3f8" />
      <rect x="250" y="40" width="170" height="120" rx="10" fill="#d9f0dc" />
      <g stroke="#fff" strokeLinecap="round">
        <path d="M0 70 H480" strokeWidth="16" />
        <path d="M0 190 H480" strokeWidth="12" />
        <path d="M120 0 V240" strokeWidth="14" />
        <path d="M440 0 V240" strokeWidth="10" />
        <path d="M20 240 L230 0" strokeWidth="8" />
      </g>
      <g fill="#c6d4e3">
        <rect x="140" y="90" width="46" height="34" rx="4" />
        <rect x="140" y="134" width="46" height="40" rx="4" />
        <rect x="30" y="90" width="70" height="80" rx="4" />
      </g>
      <g transform="translate(318 108)">
        <circle r="22" fill="#1677ff" opacity=".18" />
        <path d="M0 -34 C-14 -34 -22 -24 -22 -13 C-22 2 0 20 0 20 C0 20 22 2 22 -13 C22 -24 14 -34 0 -34 Z" fill="#1677ff" />
        <circle cy="-13" r="7" fill="#fff" />
      </g>
      <text x="318" y="150" textAnchor="middle" fontSize="15" fontWeight="600" fill="#0f2f57">
        {name}
      </text>
    </svg>
  );
}
