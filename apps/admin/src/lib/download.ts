import { consoleSession, type Query } from './api';
import { downloadFile } from './file-download';

/**
 * Downloads a CSV the server builds (the list's filters applied there): fetched with the staff session's
 * bearer token, then saved under the name the server gives.
 */
export const downloadCsv = (path: string, query?: Query): Promise<void> =>
  downloadFile(path, query, consoleSession.token());
