module fray

go 1.26.8
