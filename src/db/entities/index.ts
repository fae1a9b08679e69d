export const entities: never[] = [];
