// A refusal of an operation (start, backup, restore) whose message says what to change; the
// command lines print it as it is, without a stack. docs/operations.md lists them.
export class Refusal extends Error {}
