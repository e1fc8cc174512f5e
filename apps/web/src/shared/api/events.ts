/** Events of the request path that other parts listen to (seed 8: HTTP 401 triggers a logout event). */
export type ApiEvent = 'logout';

const target = new EventTarget();

export const apiEvents = {
  emit(type: ApiEvent): void {
    target.dispatchEvent(new Event(type));
  },
  on(type: ApiEvent, fn: () => void): () => void {
    target.addEventListener(type, fn);
    return () => target.removeEventListener(type, fn);
  },
};
