/** The most bank lines one file may hold (one transaction stores them all). */
export const IMPORT_MAX_LINES = 50_000;

export const TOO_MANY_LINES = `Een bestand mag hoogstens ${IMPORT_MAX_LINES.toLocaleString('nl-NL')} boekingen bevatten. Splits het bestand en importeer de delen na elkaar.`;
