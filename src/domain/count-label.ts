/**
 * A count with its noun in pt-BR: "1 ganha", "2 ganhas", "0 projetos". Only 1 takes the
 * singular (Brazilian usage: "0 projetos", not "0 projeto").
 */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${count.toLocaleString("pt-BR")} ${count === 1 ? singular : plural}`;
}
