import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A group of equivalent search words or phrases, in either language (catalogue.search_synonyms). */
@Entity({ name: 'search_synonyms' })
export class SearchSynonymEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Cleaned terms (simplified, no punctuation, Latin lower-cased), in the order entered. */
  @Column({ type: 'text', array: true })
  terms: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
