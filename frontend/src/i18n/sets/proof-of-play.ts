import { PROOF_OF_PLAY_TEXT, SCREENSHOT_TEXT } from '@store-cloud/contracts';
import { omit, textSet } from '../text-set';

/** Proof of Play (its title is the menu's, from common) and a schedule's plays. */
export const proofOfPlayTextSet = textSet(
  'proofOfPlay',
  'plays',
  omit(PROOF_OF_PLAY_TEXT, ['title']),
  {
    total: ['count'],
    schedulePlays: ['count'],
    unknownFile: ['mediaId'],
  },
);
/** A store's screenshot panel (store page and media preview). */
export const screenshotTextSet = textSet('proofOfPlay', 'screenshot', SCREENSHOT_TEXT, {
  takenAt: ['when'],
  showing: ['file'],
  alt: ['screen'],
  refused: ['reason'],
});

export const proofOfPlaySets = [proofOfPlayTextSet, screenshotTextSet];
