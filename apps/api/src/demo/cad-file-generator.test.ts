import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { cadFile, demoModelFile, type CadPart } from './cad-file-generator.ts';

const part: CadPart = { name: 'RX160_arm-1200', description: "Arm 1200 mm of the RX160 ('long')", size: [1200, 180, 160], model: 'arm-1200' };

describe('generated CAD files', () => {
  it('gives STEP and IGES as the committed OpenCascade models', () => {
    expect(cadFile(part, 'step')).toMatchObject({ fileName: 'RX160_arm-1200.stp', mediaType: 'model/step', content: demoModelFile('arm-1200', 'stp') });
    expect(cadFile(part, 'iges')).toMatchObject({ fileName: 'RX160_arm-1200.igs', mediaType: 'model/iges', content: demoModelFile('arm-1200', 'igs') });
    expect(demoModelFile('arm-1200', 'stp').subarray(0, 13).toString('latin1')).toBe('ISO-10303-21;');
  });

  it('makes native stand-ins with the tool extension and a recognisable header', async () => {
    const file = cadFile(part, 'solidworks');
    expect(file.fileName).toBe('RX160_arm-1200.SLDPRT');
    if (typeof file.content !== 'function') throw new Error('expected a stream');
    const bytes = await buffer(file.content());
    expect(bytes.subarray(0, 30).toString()).toBe('PORTAL-DEMO SOLIDWORKS RX160_a');
    expect(bytes.length).toBeGreaterThan(24_000);
    expect(cadFile(part, 'eplan').fileName).toBe('RX160_arm-1200.edz');
    expect(cadFile(part, 'iges').fileName).toBe('RX160_arm-1200.igs');
  });
});
