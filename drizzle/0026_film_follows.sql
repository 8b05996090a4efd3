CREATE TABLE "film_follows" (
	"film_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "film_follows_film_id_user_id_pk" PRIMARY KEY("film_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "film_follows" ADD CONSTRAINT "film_follows_film_id_films_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."films"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "film_follows" ADD CONSTRAINT "film_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "film_follows_user_idx" ON "film_follows" USING btree ("user_id");