/** CAD formats: the neutral exchange formats, then the native formats of partner tools. */
export const cadFormats = {
  step: { label: 'STEP AP214', tool: null, extension: 'stp' },
  iges: { label: 'IGES', tool: null, extension: 'igs' },
  solidworks: { label: 'SOLIDWORKS part', tool: 'SOLIDWORKS', extension: 'SLDPRT' },
  inventor: { label: 'Inventor part', tool: 'Autodesk Inventor', extension: 'ipt' },
  eplan: { label: 'EPLAN macro', tool: 'EPLAN Electric P8', extension: 'edz' },
} as const;
export type CadFormat = keyof typeof cadFormats;
