// Lets the page handle input and paint before the next slice of a long local-store job (a
// macrotask, not a microtask: a resolved promise would run before the browser gets its turn).
export const yieldToPage = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
