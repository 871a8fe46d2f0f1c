import type { TFunction } from 'i18next';

/** A programme's name in the interface language (the app catalog's programme names), else as stored. */
export const diseaseText = (t: TFunction, program: string): string => t(`app:program.${program}`, { defaultValue: program });
