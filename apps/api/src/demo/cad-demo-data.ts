import type { CadFormat } from '@portal/contracts/cad';
import type { DocumentAudience } from '../platform/db/schema.ts';

/* The demo CAD catalogue and partner libraries seeded on first start (products of seed/reference-data.ts). */

export interface DemoOptionValue {
  code: string;
  label: string;
  /** Size of the component this value adds, in millimetres. */
  size: [number, number, number];
}

export interface DemoCadModel {
  code: string;
  name: string;
  description: string;
  revision: string;
  baseSize: [number, number, number];
  groups: Array<{ code: string; label: string; values: DemoOptionValue[] }>;
  exclusions: Array<{ valueA: string; valueB: string; reason: string }>;
}

export interface DemoCadFamily {
  code: string;
  name: string;
  description: string;
  models: DemoCadModel[];
}

/** Mechanical formats of every component; EPLAN macros describe the robot's electrical connection only. */
export const mechanicalFormats: CadFormat[] = ['step', 'iges', 'solidworks', 'inventor'];

const mounting = (values: string[]): DemoCadModel['groups'][number] => ({
  code: 'mounting',
  label: 'Mounting',
  values: [
    { code: 'floor', label: 'Floor', size: [600, 600, 40] },
    { code: 'ceiling', label: 'Ceiling', size: [600, 600, 60] },
    { code: 'wall', label: 'Wall', size: [600, 120, 600] },
  ].filter((value) => values.includes(value.code)) as DemoOptionValue[],
});

const armLength = (lengths: number[]): DemoCadModel['groups'][number] => ({
  code: 'armLength',
  label: 'Arm length',
  values: lengths.map((length) => ({ code: `arm-${length}`, label: `${length} mm`, size: [length, 180, 160] })),
});

const toolFlange: DemoCadModel['groups'][number] = {
  code: 'toolFlange',
  label: 'Tool flange',
  values: [
    { code: 'flange-iso50', label: 'ISO 9409-1-50-4-M6', size: [63, 63, 12] },
    { code: 'flange-iso63', label: 'ISO 9409-1-63-4-M6', size: [80, 80, 14] },
  ],
};

export const demoCadFamilies: DemoCadFamily[] = [
  {
    code: 'articulated',
    name: 'Six-axis articulated robots',
    description: 'ARM-6 and ARM-12 with their mounting variants, arm lengths and tool flanges.',
    models: [
      {
        code: 'ARM6', name: 'Six-axis robot ARM-6', revision: 'C', baseSize: [420, 420, 380],
        description: '6 kg payload, up to 1200 mm reach.',
        groups: [mounting(['floor', 'ceiling', 'wall']), armLength([900, 1200]), toolFlange],
        exclusions: [{ valueA: 'wall', valueB: 'arm-1200', reason: 'the 1200 mm arm exceeds the load rating of the wall bracket.' }],
      },
      {
        code: 'ARM12', name: 'Six-axis robot ARM-12', revision: 'B', baseSize: [520, 520, 450],
        description: '12 kg payload, up to 1800 mm reach.',
        groups: [mounting(['floor', 'ceiling']), armLength([1400, 1800]), toolFlange],
        exclusions: [{ valueA: 'ceiling', valueB: 'arm-1800', reason: 'the 1800 mm arm is only released for floor mounting.' }],
      },
    ],
  },
  {
    code: 'scara',
    name: 'SCARA robots',
    description: 'The S-4 SCARA for fast pick-and-place.',
    models: [
      {
        code: 'SCARA4', name: 'SCARA robot S-4', revision: 'A', baseSize: [250, 250, 600],
        description: '4 kg payload, 400 or 600 mm reach.',
        groups: [
          mounting(['floor', 'ceiling']),
          armLength([400, 600]),
          { code: 'shaft', label: 'Ball-screw shaft', values: [{ code: 'shaft-16', label: '16 mm, 150 mm stroke', size: [16, 16, 150] }, { code: 'shaft-20', label: '20 mm, 300 mm stroke', size: [20, 20, 300] }] },
        ],
        exclusions: [{ valueA: 'ceiling', valueB: 'arm-600', reason: 'the 600 mm arm is not offered for ceiling mounting.' }],
      },
    ],
  },
];

export interface DemoCadLibrary {
  cadTool: string;
  name: string;
  description: string;
  productCodes: string[];
  format: CadFormat;
  audience: DocumentAudience;
  versions: Array<{ version: string; releaseDate: string; notes: string }>;
}

export const demoCadLibraries: DemoCadLibrary[] = [
  {
    cadTool: 'SOLIDWORKS', name: 'Grippers and tool changers for SOLIDWORKS', format: 'solidworks', audience: 'everyone',
    description: 'Parts with mates and configurations of the G20, V4, TC-50 and TC-120.',
    productCodes: ['GRIP20', 'VAC4', 'TC50', 'TC120'],
    versions: [
      { version: '2024.2', releaseDate: '2024-09-15', notes: 'G20 finger variants.' },
      { version: '2025.1', releaseDate: '2025-04-01', notes: 'Adds the TC-120 and simplified models for large assemblies.' },
    ],
  },
  {
    cadTool: 'STEP AP214', name: 'Grippers and tool changers as STEP', format: 'step', audience: 'everyone',
    description: 'Solid models of the G20, V4, TC-50 and TC-120 with named parts, for every CAD system.',
    productCodes: ['GRIP20', 'VAC4', 'TC50', 'TC120'],
    versions: [{ version: '2025.1', releaseDate: '2025-04-01', notes: 'First release of the neutral models.' }],
  },
  {
    cadTool: 'Autodesk Inventor', name: 'Robots for Autodesk Inventor', format: 'inventor', audience: 'everyone',
    description: 'ARM-6, ARM-12 and S-4 as Inventor parts with joint constraints.',
    productCodes: ['ARM6', 'ARM12', 'SCARA4'],
    versions: [
      { version: '1.0', releaseDate: '2024-06-10', notes: 'First release.' },
      { version: '1.1', releaseDate: '2025-02-20', notes: 'ARM-12 revision B.' },
    ],
  },
  {
    cadTool: 'EPLAN Electric P8', name: 'Controller macros for EPLAN (partners)', format: 'eplan', audience: 'restricted',
    description: 'Macros of the C7 and C9 controllers with terminal strips and cable definitions, for service partners.',
    productCodes: ['CTRL7', 'CTRL9'],
    versions: [
      { version: '3.0', releaseDate: '2024-11-04', notes: 'C9 macros.' },
      { version: '3.1', releaseDate: '2025-05-12', notes: 'Safety I/O terminal strips.' },
    ],
  },
];
