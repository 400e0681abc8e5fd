import { COUNTRY_CODES, IOC_TO_ALPHA3 } from "@strata/contracts/countries";

/**
 * Each country's centre as `alpha3:latitude,longitude`: the points Superset's world map places its
 * bubbles at (the values of the country list Superset bundles).
 */
const CENTRES = new Map(
  (
    "AGO:-12.5,18.5 DZA:28,3 EGY:27,30 BGD:24,90 NER:16,8 LIE:47.26666666,9.53333333 NAM:-22,17 " +
    "BGR:43,25 BOL:-17,-65 GHA:8,-2 CCK:-12.5,96.83333333 PAK:30,70 CPV:16,-24 JOR:31,36 LBR:6.5,-9.5 " +
    "LBY:25,17 MYS:2.5,112.5 DOM:19,-70.66666666 PRI:18.25,-66.5 MYT:-12.83333333,45.16666666 " +
    "PRK:40,127 PSE:31.9,35.2 TZA:-6,35 BWA:-22,24 KHM:13,105 NIC:13,-85 TTO:11,-61 ETH:8,38 " +
    "PRY:-23,-58 HKG:22.267,114.188 SAU:25,45 LBN:33.83333333,35.83333333 SVN:46.11666666,14.81666666 " +
    "BFA:13,-2 CHE:47,8 MRT:20,-12 HRV:45.16666666,15.5 CHL:-30,-71 CHN:35,105 KNA:17.33333333,-62.75 " +
    "SLE:8.5,-11.5 JAM:18.25,-77.5 SMR:43.76666666,12.41666666 GIB:36.13333333,-5.35 DJI:11.5,43 " +
    "GIN:11,-10 FIN:64,26 URY:-33,-56 THA:15,100 STP:1,7 SYC:-4.58333333,55.66666666 NPL:28,84 " +
    "CXR:-10.5,105.66666666 LAO:18,105 YEM:15,48 BVT:-54.43333333,3.4 ZAF:-29,24 KIR:1.41666666,173 " +
    "PHL:13,122 SXM:18.033333,-63.05 ROU:46,25 VIR:18.35,-64.933333 SYR:35,38 MAC:22.16666666,113.55 " +
    "MAF:18.08333333,-63.95 MLT:35.83333333,14.58333333 KAZ:48,68 TCA:21.75,-71.58333333 PYF:-15,-140 " +
    "NIU:-19.03333333,-169.86666666 DMA:15.41666666,-61.33333333 BEN:9.5,2.25 GUF:4,-53 " +
    "BEL:50.83333333,4 MSR:16.75,-62.2 TGO:8,1.16666666 DEU:51,9 GUM:13.46666666,144.78333333 " +
    "LKA:7,81 SSD:7,30 FLK:-51.75,-59 GBR:54,-2 GUY:5,-59 CRI:10,-84 CMR:6,12 MAR:32,-5 " +
    "MNP:15.2,145.75 LSO:-29.5,28.5 HUN:47,20 TKM:40,60 SUR:4,-56 NLD:52.5,5.75 " +
    "BMU:32.33333333,-64.75 HMD:-53.1,72.51666666 TCD:15,19 GEO:42,43.5 MNE:42.5,19.3 MNG:46,105 " +
    "MHL:9,168 MTQ:14.666667,-61 BLZ:17.25,-88.75 NFK:-29.03333333,167.95 MMR:22,98 AFG:33,65 " +
    "BDI:-3.5,30 VGB:18.431383,-64.62305 BLR:53,28 BLM:18.5,-63.41666666 GRD:12.11666666,-61.66666666 " +
    "TKL:-9,-172 GRC:39,22 RUS:60,100 GRL:72,-40 AND:42.5,1.5 MOZ:-18.25,35 TJK:39,71 " +
    "HTI:19,-72.41666666 MEX:23,-102 ZWE:-20,30 LCA:13.88333333,-60.96666666 IND:20,77 LVA:57,25 " +
    "BTN:27.5,90.5 VCT:13.25,-61.2 VNM:16.16666666,107.83333333 NOR:62,10 CZE:49.75,15.5 " +
    "ATF:-49.25,69.167 ATG:17.05,-61.8 FJI:-18,175 IOT:-6,71.5 HND:15,-86.5 MUS:-20.28333333,57.55 " +
    "ATA:-90,0 LUX:49.75,6.16666666 ISR:31.47,35.13 FSM:6.91666666,158.25 PER:-10,-76 REU:-21.15,55.5 " +
    "IDN:-5,120 VUT:-16,167 MKD:41.83333333,22 COD:0,25 COG:-1,15 ISL:65,-18 GLP:16.25,-61.583333 " +
    "COK:-21.23333333,-159.76666666 COM:-12.16666666,44.25 COL:4,-72 NGA:10,8 " +
    "TLS:-8.83333333,125.91666666 TWN:23.5,121 PRT:39.5,-8 MDA:47,29 GGY:49.46666666,-2.58333333 " +
    "MDG:-20,47 ECU:-2,-77.5 SEN:14,-14 NZL:-41,174 MDV:3.25,73 ASM:-14.33333333,-170 " +
    "SPM:46.83333333,-56.33333333 CUW:12.116667,-68.933333 FRA:46,2 LTU:56,24 RWA:-2,30 ZMB:-15,30 " +
    "GMB:13.46666666,-16.56666666 WLF:-13.3,-176.2 JEY:49.25,-2.16666666 FRO:62,-7 GTM:15.5,-90.25 " +
    "DNK:56,10 IMN:54.25,-4.5 AUS:-27,133 AUT:47.33333333,13.33333333 SJM:78,20 VEN:8,-66 " +
    "PLW:7.5,134.5 KEN:1,38 WSM:-13.58333333,-172.33333333 TUR:39,35 ALB:41,20 OMN:21,57 TUV:-8,178 " +
    "ALA:60.116667,19.9 BRN:4.5,114.66666666 TUN:34,9 PCN:-25.06666666,-130.1 " +
    "BRB:13.16666666,-59.53333333 BRA:-10,-55 CIV:8,-5 SRB:44,21 GNQ:2,10 USA:38,-97 QAT:25.5,51.25 " +
    "SWE:62,15 AZE:40.5,47.5 GNB:12,-15 SWZ:-26.5,31.5 TON:-20,-175 CAN:60,-95 UKR:49,32 KOR:37,127.5 " +
    "AIA:18.25,-63.16666666 CAF:7,21 SVK:48.66666666,19.5 CYP:35,33 BIH:44,18 SGP:1.36666666,103.8 " +
    "SGS:-54.5,-37 SOM:10,49 UZB:41,64 ERI:15,39 POL:52,20 KWT:29.5,45.75 GAB:-1,11.75 CYM:19.5,-80.5 " +
    "VAT:41.9,12.45 EST:59,26 MWI:-13.5,34 ESP:40,-4 IRQ:33,44 SLV:13.83333333,-88.91666666 MLI:17,-4 " +
    "IRL:53,-8 IRN:32,53 ABW:12.5,-69.96666666 PNG:-6,147 PAN:9,-80 SDN:15,30 SLB:-8,159 ESH:24.5,-13 " +
    "MCO:43.73333333,7.4 ITA:42.83333333,12.83333333 JPN:36,138 KGZ:41,75 UGA:1,32 NCL:-21.5,165.5 " +
    "ARE:24,54 ARG:-34,-64 BHS:24.25,-76 BHR:26,50.55 ARM:40,45 NRU:-0.53333333,166.91666666 " +
    "CUB:21.5,-80"
  )
    .split(" ")
    .map((entry) => {
      const [code, at] = entry.split(":");
      const [lat, lng] = at.split(",").map(Number);
      return [code, { lat, lng }] as const;
    }),
);

export interface Country {
  cca2: string;
  cca3: string;
  name: string;
  lat?: number;
  lng?: number;
}

const byAlpha3 = new Map(
  COUNTRY_CODES.map(([, cca2, cca3, name]): [string, Country] => [
    cca3,
    { cca2, cca3, name, ...CENTRES.get(cca3) },
  ]),
);
const LOOKUPS: Record<string, Map<string, Country>> = {
  cca2: new Map(COUNTRY_CODES.map(([, cca2, cca3]) => [cca2.toLowerCase(), byAlpha3.get(cca3)!])),
  cca3: new Map([...byAlpha3].map(([cca3, c]) => [cca3.toLowerCase(), c])),
  name: new Map(COUNTRY_CODES.map(([, , cca3, name]) => [name.toLowerCase(), byAlpha3.get(cca3)!])),
  cioc: new Map([
    ...[...byAlpha3].map(([cca3, c]) => [cca3.toLowerCase(), c] as const),
    ...Object.entries(IOC_TO_ALPHA3).map(([ioc, cca3]) => [ioc.toLowerCase(), byAlpha3.get(cca3)!] as const),
  ]),
};

/** The country a cell names, read as `fieldType` (cca2, cca3, cioc or name; any case). */
export function findCountry(fieldType: string, value: string): Country | undefined {
  // `fieldType` is the form's `country_fieldtype`: own keys only, or `constructor` would find
  // Object, which has no `get`, and fail the whole chart.
  return Object.hasOwn(LOOKUPS, fieldType) ? LOOKUPS[fieldType].get(value.trim().toLowerCase()) : undefined;
}
