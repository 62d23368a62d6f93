// The ArgumentParsing module. Its types are documented where they are declared.
