// The owner's portrait (the CV's photo and the header's profile picture): an illustrated head-and-shoulders shot
// in the studio, square.
import { type Random } from "./svg";

export const PORTRAIT_SIZE = 1600;

export function portrait(r: Random): string {
  const s = PORTRAIT_SIZE;
  const skin = "#e9b996";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 1600 1600">
<defs>
<radialGradient id="wall" cx="${560 + Math.round(r() * 80)}" cy="420" r="1500" gradientUnits="userSpaceOnUse">
<stop offset="0" stop-color="#e7edf5"/><stop offset=".6" stop-color="#a9bbd3"/><stop offset="1" stop-color="#5f7697"/></radialGradient>
<linearGradient id="shirt" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#1b4283"/><stop offset=".35" stop-color="#3266b8"/><stop offset="1" stop-color="#173a73"/></linearGradient>
<radialGradient id="face" cx="700" cy="640" r="420" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#f6cfb0"/><stop offset=".7" stop-color="${skin}"/><stop offset="1" stop-color="#c98f6b"/></radialGradient>
<filter id="soft" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="22"/></filter>
</defs>
<rect width="1600" height="1600" fill="url(#wall)"/>
<path d="M200 1600 C230 1260 470 1120 800 1120 C1130 1120 1370 1260 1400 1600 Z" fill="#000" opacity=".25" filter="url(#soft)" transform="translate(30 20)"/>
<path d="M220 1600 C250 1270 480 1130 800 1130 C1120 1130 1350 1270 1380 1600 Z" fill="url(#shirt)"/>
<path d="M660 1130 L800 1330 L940 1130 Z" fill="#f4f1ea"/>
<path d="M640 1120 L720 1290 L800 1330 L700 1170 Z M960 1120 L880 1290 L800 1330 L900 1170 Z" fill="#2b5aa5"/>
<path d="M690 930 H910 V1160 C860 1210 740 1210 690 1160 Z" fill="#d9a47f"/>
<path d="M690 1010 C760 1060 840 1060 910 1010 V960 H690 Z" fill="#b8835f" opacity=".6"/>
<ellipse cx="545" cy="690" rx="55" ry="90" fill="#d9a47f"/><ellipse cx="1055" cy="690" rx="55" ry="90" fill="#d9a47f"/>
<ellipse cx="800" cy="660" rx="260" ry="320" fill="url(#face)"/>
<path d="M530 640 C500 380 620 290 810 290 C990 290 1100 390 1075 640 C1050 520 990 450 900 440 C800 480 640 470 560 520 C540 560 535 600 530 640 Z" fill="#4a3426"/>
<path d="M600 420 C700 350 900 340 1010 430" stroke="#6b4c38" stroke-width="14" fill="none" opacity=".6"/>
<path d="M650 600 C690 580 730 580 760 598 M840 598 C870 580 910 580 950 600" stroke="#4a3426" stroke-width="18" fill="none" stroke-linecap="round"/>
<ellipse cx="705" cy="665" rx="26" ry="20" fill="#2b2b2b"/><ellipse cx="895" cy="665" rx="26" ry="20" fill="#2b2b2b"/>
<circle cx="713" cy="658" r="7" fill="#fff"/><circle cx="903" cy="658" r="7" fill="#fff"/>
<path d="M800 680 C790 740 780 780 805 790" stroke="#b8835f" stroke-width="12" fill="none" stroke-linecap="round"/>
<path d="M700 850 C760 905 840 905 900 850" stroke="#8a4b3a" stroke-width="20" fill="none" stroke-linecap="round"/>
<path d="M720 858 C770 890 830 890 880 858 C840 872 760 872 720 858 Z" fill="#fff"/>
<ellipse cx="640" cy="790" rx="60" ry="34" fill="#e58f7a" opacity=".25"/><ellipse cx="960" cy="790" rx="60" ry="34" fill="#e58f7a" opacity=".25"/>
</svg>`;
}
