/** Client-side navigation between the pages' stable URLs (/, /intents/{id}, /explorer). */
export function navigate(path: string): void {
  history.pushState(null, '', path)
  dispatchEvent(new PopStateEvent('popstate'))
}
