import {
  ACCESS_TOKEN_HEADER,
  httpFailureText,
  PROOF_OF_PLAY_API,
  type ProofOfPlayQuery,
  proofOfPlayCsvName,
} from '@store-cloud/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { readToken } from '../auth/session-storage';
import { ApiError } from './api-error';
import { proofOfPlayParams, proofOfPlayQueries } from './proof-of-play.queries';

/** The screen's roll-up; the last answer stays on screen while a new filter loads. */
export const useProofOfPlay = (q: ProofOfPlayQuery | undefined) =>
  useQuery({ ...proofOfPlayQueries.rollup(q), placeholderData: keepPreviousData });

/** Every schedule's plays so far, of one company. */
export const useSchedulePlays = (companyId: number) =>
  useQuery(proofOfPlayQueries.schedules(companyId));

/** The roll-up as a CSV file, with the access token (a plain link would carry none). */
export async function downloadProofOfPlayCsv(q: ProofOfPlayQuery): Promise<void> {
  const url = `${PROOF_OF_PLAY_API.export}?${new URLSearchParams(
    Object.entries(proofOfPlayParams(q)).map(([k, v]) => [k, String(v)]),
  )}`;
  const response = await fetch(url, { headers: { [ACCESS_TOKEN_HEADER]: readToken() ?? '' } });
  if (!response.ok)
    throw new ApiError(
      httpFailureText(url, response.status, response.statusText),
      url,
      response.status,
      null,
    );
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = proofOfPlayCsvName(q);
  link.click();
  URL.revokeObjectURL(href);
}
