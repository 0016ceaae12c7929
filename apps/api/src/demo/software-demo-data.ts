import type { DocumentAudience } from '../platform/db/schema.ts';
import type { SoftwareStatus } from '../modules/software/index.ts';

/* The demo software catalogue seeded on first start: equipment of the demo product range (seed/reference-data.ts). */

export interface DemoSoftwareFile {
  fileName: string;
  /** Bytes of the generated file (64 KB – 3 MB: realistic but quick to seed). */
  size: number;
  mediaType?: string;
}

export interface DemoSoftwareVersion {
  number: string;
  releaseDate: string;
  status: SoftwareStatus;
  /** Partners (and staff) only when set. */
  partnersOnly?: boolean;
  highlights: string[];
  fixes: string[];
  files: DemoSoftwareFile[];
}

export interface DemoSoftwareItem {
  equipmentName: string;
  name: string;
  category: 'firmware' | 'pc-tool' | 'add-on';
  description: string;
  compatibleEquipment: string[];
  audience: DocumentAudience;
  versions: DemoSoftwareVersion[];
}

const kb = 1024;
const text = 'text/plain';

const firmware = (prefix: string, number: string, size: number): DemoSoftwareFile[] => [
  { fileName: `${prefix}-${number}.bin`, size },
  { fileName: `${prefix}-${number}-installation.txt`, size: 64 * kb, mediaType: text },
];

export const demoSoftware: DemoSoftwareItem[] = [
  {
    equipmentName: 'CTRL7',
    name: 'Controller C7 firmware',
    category: 'firmware',
    description: 'System software of the C7 robot controller: motion kernel, safety functions and fieldbus stacks.',
    compatibleEquipment: ['CTRL7', 'ARM6', 'SCARA4'],
    audience: 'everyone',
    versions: [
      { number: '3.4.2', releaseDate: '2024-05-14', status: 'previous', highlights: ['PROFINET IRT with 1 ms cycle'], fixes: ['Jog speed limited after an emergency stop'], files: firmware('c7-firmware', '3.4.2', 1800 * kb) },
      { number: '3.5.0', releaseDate: '2024-11-20', status: 'previous', highlights: ['Collision detection sensitivity per axis', 'EtherNet/IP adapter'], fixes: ['Wrong tool frame after a restart'], files: firmware('c7-firmware', '3.5.0', 2100 * kb) },
      { number: '3.6.1', releaseDate: '2025-06-02', status: 'current', highlights: ['Conveyor tracking for SCARA S-4', 'Faster boot (12 s)'], fixes: ['Safety log not exported on USB sticks above 64 GB'], files: firmware('c7-firmware', '3.6.1', 2400 * kb) },
      { number: '4.0.0-beta.2', releaseDate: '2025-10-01', status: 'beta', partnersOnly: true, highlights: ['New motion planner (preview)', 'OPC UA server'], fixes: [], files: firmware('c7-firmware', '4.0.0-beta.2', 2600 * kb) },
    ],
  },
  {
    equipmentName: 'CTRL9',
    name: 'Controller C9 firmware',
    category: 'firmware',
    description: 'System software of the C9 controller for the ARM-12 and multi-robot cells.',
    compatibleEquipment: ['CTRL9', 'ARM12', 'ARM6'],
    audience: 'everyone',
    versions: [
      { number: '1.2.0', releaseDate: '2024-09-03', status: 'previous', highlights: ['Two-robot coordinated motion'], fixes: ['Brake test reminder shown twice'], files: firmware('c9-firmware', '1.2.0', 2800 * kb) },
      { number: '1.3.0', releaseDate: '2025-03-18', status: 'current', highlights: ['Safe zones with up to 32 polygons', 'EtherCAT master diagnostics'], fixes: ['Fan alarm on cold start'], files: firmware('c9-firmware', '1.3.0', 3 * kb * kb) },
    ],
  },
  {
    equipmentName: 'ArmSuite',
    name: 'ArmSuite programming tool',
    category: 'pc-tool',
    description: 'Offline programming, simulation and backup tool for Windows, for every ARM and SCARA robot.',
    compatibleEquipment: ['ARM6', 'ARM12', 'SCARA4', 'CTRL7', 'CTRL9'],
    audience: 'everyone',
    versions: [
      { number: '2024.2', releaseDate: '2024-10-07', status: 'previous', highlights: ['Cycle-time analysis'], fixes: ['Import of large STEP cells'], files: [{ fileName: 'ArmSuite-Setup-2024.2.exe', size: 2900 * kb }] },
      {
        number: '2025.1', releaseDate: '2025-04-22', status: 'current', highlights: ['Palletising wizard', 'Digital twin of the C9 controller'], fixes: ['Crash when closing a project during a backup'],
        files: [{ fileName: 'ArmSuite-Setup-2025.1.exe', size: 3 * kb * kb }, { fileName: 'ArmSuite-2025.1-offline-help.zip', size: 640 * kb, mediaType: 'application/zip' }],
      },
    ],
  },
  {
    equipmentName: 'GRIP20-Config',
    name: 'Gripper G20 configuration tool',
    category: 'pc-tool',
    description: 'Sets finger stroke, force and teach positions of the G20 servo gripper over USB.',
    compatibleEquipment: ['GRIP20'],
    audience: 'everyone',
    versions: [
      { number: '1.0.3', releaseDate: '2024-02-12', status: 'previous', highlights: ['First public release'], fixes: [], files: [{ fileName: 'G20-Config-1.0.3.msi', size: 900 * kb }] },
      { number: '1.1.0', releaseDate: '2025-01-30', status: 'current', highlights: ['Force curves export to CSV'], fixes: ['USB reconnect on Windows 11'], files: [{ fileName: 'G20-Config-1.1.0.msi', size: 950 * kb }] },
    ],
  },
  {
    equipmentName: 'TC-Link',
    name: 'TC-Link tool changer add-on',
    category: 'add-on',
    description: 'Controller add-on for the TC-50 and TC-120 tool changers: tool identification and locking checks.',
    compatibleEquipment: ['TC50', 'TC120', 'CTRL7', 'CTRL9'],
    audience: 'everyone',
    versions: [
      { number: '2.1', releaseDate: '2024-07-01', status: 'previous', highlights: ['TC-120 support'], fixes: [], files: [{ fileName: 'tc-link-2.1.pkg', size: 180 * kb }] },
      { number: '2.2', releaseDate: '2025-05-05', status: 'current', highlights: ['Tool storage rack monitoring'], fixes: ['Lock sensor debounce'], files: [{ fileName: 'tc-link-2.2.pkg', size: 200 * kb }] },
    ],
  },
  {
    equipmentName: 'ServiceDiagnostics',
    name: 'Service diagnostics (partners)',
    category: 'pc-tool',
    description: 'Reads controller logs, drive temperatures and safety events for service partners.',
    compatibleEquipment: ['CTRL7', 'CTRL9'],
    audience: 'restricted',
    versions: [
      { number: '5.2', releaseDate: '2025-02-10', status: 'current', highlights: ['Drive temperature trends'], fixes: [], files: [{ fileName: 'ServiceDiagnostics-5.2.zip', size: 1200 * kb, mediaType: 'application/zip' }] },
    ],
  },
];
