/** Query keys of the messages screens: the feedback lists (a reply re-reads them all); mail keeps none. */
export const messagesKeys = {
  feedback: () => ['ops', 'feedback'] as const,
  feedbackList: (page: number, status: string) => ['ops', 'feedback', page, status] as const,
};
