CREATE TABLE "search_days" (
	"day" date PRIMARY KEY NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL
);
